package org.graalite.jmh.suite;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Ellipse2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import javax.imageio.ImageIO;

/**
 * ratios.png, drawn with Java2D (headless, nothing to install): one line per workload, a dot
 * per system at its time relative to Graalite on a logarithmic axis, a vertical line at 1
 * (Graalite), shaded bands for the families, and a legend.
 */
final class Chart {
    private static final Color[] COLORS = {new Color(0x1b9e77), new Color(0xd95f02), new Color(0x7570b3), new Color(0xe7298a), new Color(0x66a61e), new Color(0xe6ab02),
                    new Color(0xa6761d)};
    private static final int LEFT = 150;
    private static final int RIGHT = 40;
    private static final int TOP = 70;
    private static final int ROW = 20;
    private static final int WIDTH = 1100;

    private final Report report;

    Chart(Report report) {
        this.report = report;
    }

    void write(Path file, String title) throws IOException {
        List<String> others = report.systems.stream().filter(s -> !s.equals(Report.REFERENCE)).toList();
        List<String> workloads = report.workloads;
        int height = TOP + ROW * workloads.size() + 60;
        // The axis covers every ratio, in whole decades.
        double lo = 1;
        double hi = 1;
        for (Report.Row r : report.rows) {
            double x = report.ratio(r);
            if (!Double.isNaN(x) && x > 0) {
                lo = Math.min(lo, x);
                hi = Math.max(hi, x);
            }
        }
        int dLo = (int) Math.floor(Math.log10(lo));
        int dHi = (int) Math.ceil(Math.log10(hi));
        if (dHi == dLo) {
            dHi++;
        }
        BufferedImage img = new BufferedImage(WIDTH, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, WIDTH, height);
        int plotW = WIDTH - LEFT - RIGHT;
        int plotBottom = TOP + ROW * workloads.size();
        final int lo10 = dLo;
        final int span = dHi - dLo;
        java.util.function.DoubleToIntFunction xOf = v -> LEFT + (int) Math.round((Math.log10(v) - lo10) / span * plotW);

        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
        g.setColor(Color.BLACK);
        g.drawString(title, LEFT - 130, 22);
        // Legend.
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        int lx = LEFT;
        for (int i = 0; i < others.size(); i++) {
            g.setColor(COLORS[i % COLORS.length]);
            g.fill(new Ellipse2D.Double(lx, 35, 10, 10));
            g.setColor(Color.BLACK);
            g.drawString(others.get(i), lx + 14, 45);
            lx += 24 + g.getFontMetrics().stringWidth(others.get(i)) + 10;
        }
        g.setColor(Color.DARK_GRAY);
        g.drawString("Graalite = 1 (vertical line); log scale", lx + 10, 45);
        // Family bands.
        String prevFamily = null;
        boolean shade = false;
        for (int i = 0; i < workloads.size(); i++) {
            String fam = workloads.get(i).substring(0, workloads.get(i).indexOf('/'));
            if (!fam.equals(prevFamily)) {
                shade = !shade;
                prevFamily = fam;
            }
            if (shade) {
                g.setColor(new Color(0xf2f2f2));
                g.fillRect(0, TOP + i * ROW, WIDTH, ROW);
            }
        }
        // Grid: decades and their 2x, 5x.
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        for (int d = dLo; d <= dHi; d++) {
            for (int m : new int[]{1, 2, 5}) {
                double v = m * Math.pow(10, d);
                if (Math.log10(v) > dHi + 1e-9) {
                    continue;
                }
                int x = xOf.applyAsInt(v);
                g.setColor(m == 1 ? new Color(0xbbbbbb) : new Color(0xe0e0e0));
                g.drawLine(x, TOP, x, plotBottom);
                g.setColor(Color.DARK_GRAY);
                String label = v >= 1 ? String.format(Locale.ROOT, "%.0fx", v) : String.format(Locale.ROOT, "%sx", trim(v));
                if (m == 1 || span <= 3) {
                    g.drawString(label, x - g.getFontMetrics().stringWidth(label) / 2, plotBottom + 15);
                }
            }
        }
        g.setColor(Color.BLACK);
        g.setStroke(new BasicStroke(2f));
        int one = xOf.applyAsInt(1);
        g.drawLine(one, TOP - 5, one, plotBottom);
        g.setStroke(new BasicStroke(1f));
        g.setColor(Color.DARK_GRAY);
        g.drawString("faster than Graalite", LEFT, plotBottom + 32);
        String slower = "slower than Graalite";
        g.drawString(slower, WIDTH - RIGHT - g.getFontMetrics().stringWidth(slower), plotBottom + 32);
        // Rows.
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        for (int i = 0; i < workloads.size(); i++) {
            String w = workloads.get(i);
            int y = TOP + i * ROW + ROW / 2;
            g.setColor(Color.BLACK);
            g.drawString(w, 8, y + 4);
            g.setColor(new Color(0xdddddd));
            g.drawLine(LEFT, y, WIDTH - RIGHT, y);
            for (int s = 0; s < others.size(); s++) {
                Report.Row r = report.row(w, others.get(s));
                if (r == null) {
                    continue;
                }
                double x = report.ratio(r);
                if (Double.isNaN(x) || x <= 0) {
                    continue;
                }
                int px = xOf.applyAsInt(x);
                g.setColor(COLORS[s % COLORS.length]);
                g.fill(new Ellipse2D.Double(px - 5, y - 5, 10, 10));
            }
        }
        g.dispose();
        ImageIO.write(img, "png", file.toFile());
    }

    private static String trim(double v) {
        String s = String.format(Locale.ROOT, "%.6f", v);
        return s.replaceAll("0+$", "").replaceAll("\\.$", "");
    }
}
