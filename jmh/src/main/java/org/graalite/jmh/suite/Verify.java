package org.graalite.jmh.suite;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.graalite.jmh.data.Dataset;
import org.graalite.jmh.data.SsbData;
import org.graalite.jmh.data.TpchData;
import org.graalite.jmh.systems.BenchSystem;
import org.graalite.jmh.systems.Digest;
import org.graalite.jmh.systems.Workloads;

/**
 * Runs every query once on every system and compares each digest with the native C
 * baseline's, without timing: {@code Verify [tpch|tpch-noidx|ssb] [sf] [systems,...] [query...]}.
 */
public final class Verify {
    public static void main(String[] args) {
        String family = args.length > 0 ? args[0] : "tpch";
        double sf = args.length > 1 ? Double.parseDouble(args[1]) : 0.01;
        List<String> systems = args.length > 2 ? List.of(args[2].split(",")) : BenchSystem.NAMES;
        List<String> queries = new ArrayList<>();
        for (int i = 3; i < args.length; i++) {
            queries.add(args[i]);
        }
        Dataset data = switch (family) {
            case "tpch" -> TpchData.ensure(sf, true);
            case "tpch-noidx" -> TpchData.ensure(sf, false);
            default -> SsbData.ensure(sf);
        };
        String f = family.startsWith("tpch") ? "tpch" : "ssb";
        if (queries.isEmpty()) {
            queries = f.equals("tpch") ? Workloads.TPCH : Workloads.SSB;
        }
        int failures = 0;
        for (String q : queries) {
            String sql = Workloads.sql(f, q, false);
            long t0 = System.nanoTime();
            Digest expected = Workloads.reference(data, sql);
            System.out.printf(Locale.ROOT, "%s %-5s native-c    %8.3f s  %s%n", data.name, q, (System.nanoTime() - t0) / 1e9, expected);
            for (String s : systems) {
                if (s.equals("native-c")) {
                    continue;
                }
                try (BenchSystem sys = BenchSystem.open(s, System.getProperty("tier", "auto"), data); BenchSystem.Query query = sys.prepare(Workloads.sql(f, q, sys.isH2()))) {
                    Digest d = new Digest();
                    long t = System.nanoTime();
                    query.run(d);
                    double secs = (System.nanoTime() - t) / 1e9;
                    boolean ok = d.agrees(expected);
                    failures += ok ? 0 : 1;
                    String stats = sys.tierStatistics();
                    System.out.printf(Locale.ROOT, "%s %-5s %-12s%8.3f s  %s %s%s%n", data.name, q, s, secs, d, ok ? "ok" : "MISMATCH", stats == null ? "" : " [" + stats + "]");
                } catch (RuntimeException e) {
                    failures++;
                    System.out.printf(Locale.ROOT, "%s %-5s %-12s ERROR %s%n", data.name, q, s, e.toString().replace('\n', ' '));
                }
            }
        }
        System.out.println(failures == 0 ? "all agree" : failures + " failures");
        System.exit(failures == 0 ? 0 : 1);
    }
}
