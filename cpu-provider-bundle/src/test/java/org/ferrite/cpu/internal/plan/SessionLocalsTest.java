package org.ferrite.cpu.internal.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class SessionLocalsTest {

    @Test
    void aValueIsCreatedOnceAndFoundByAnEqualKey() {
        SessionLocals locals = new SessionLocals();
        AtomicInteger created = new AtomicInteger();
        String first = locals.get(new Key("plans"), () -> "value " + created.incrementAndGet());
        assertThat(locals.get(new Key("plans"), () -> "value " + created.incrementAndGet())).isSameAs(first);
        assertThat(created).hasValue(1);
        assertThat(locals.size()).isEqualTo(1);
    }

    @Test
    void theLeastRecentlyUsedValueIsEvictedBeyondTheBound() {
        SessionLocals locals = new SessionLocals(2);
        Object a = locals.get("a", Object::new);
        locals.get("b", Object::new);
        assertThat(locals.get("a", Object::new)).isSameAs(a); // a is now the most recently used
        locals.get("c", Object::new); // evicts b
        assertThat(locals.size()).isEqualTo(2);
        assertThat(locals.get("a", Object::new)).isSameAs(a);
        AtomicInteger remade = new AtomicInteger();
        locals.get("b", () -> {
            remade.incrementAndGet();
            return new Object();
        });
        assertThat(remade).as("b was evicted and is made again").hasValue(1);
        locals.clear();
        assertThat(locals.size()).isZero();
    }

    @Test
    void nullsAndABadBoundAreRejected() {
        SessionLocals locals = new SessionLocals();
        assertThatThrownBy(() -> locals.get(null, Object::new)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> locals.get("k", null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> locals.get("k", () -> null)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("create returned null");
        assertThat(locals.size()).isZero();
        assertThatThrownBy(() -> new SessionLocals(0)).isInstanceOf(IllegalArgumentException.class);
    }

    private record Key(String name) {
    }
}
