package org.graalite.nativeapi;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Java callbacks that SQLite calls through a shared upcall: each registered one gets an id,
 * which SQLite hands back as the upcall's user-data pointer. Ids start at 1: 0 stands for
 * "none".
 */
final class Callbacks<T> {
    private final ConcurrentHashMap<Long, T> byId = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong(1);

    /** Registers {@code callback} and returns its id. */
    long add(T callback) {
        long id = ids.getAndIncrement();
        byId.put(id, callback);
        return id;
    }

    /** The callback of {@code id}, or null when it was removed. */
    T get(long id) {
        return byId.get(id);
    }

    /** How many are registered (tests check that SQLite released them). */
    int size() {
        return byId.size();
    }

    /** Forgets {@code id}; nothing for 0. */
    void remove(long id) {
        if (id != 0) {
            byId.remove(id);
        }
    }
}
