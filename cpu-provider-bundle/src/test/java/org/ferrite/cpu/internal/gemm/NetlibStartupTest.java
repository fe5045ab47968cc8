package org.ferrite.cpu.internal.gemm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Filter;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link NetlibStartup}: netlib's "failed to load" start-up warnings stay out of the user's log, every
 * other record of that logger still passes (through the filter the user had installed), and the
 * user's filter is back afterwards. The records are logged inside the call, as netlib's class
 * initialiser does, so the test does not depend on whether netlib was already initialised.
 */
class NetlibStartupTest {
    private final Logger netlib = Logger.getLogger(NetlibStartup.NETLIB_LOGGER);
    private final List<String> published = new CopyOnWriteArrayList<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            if (isLoggable(record)) {
                published.add(record.getMessage());
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    private boolean parentHandlers;

    @BeforeEach
    void captureNetlibsLogger() {
        parentHandlers = netlib.getUseParentHandlers();
        netlib.setUseParentHandlers(false); // the test's records stay out of the build's console
        netlib.addHandler(capture);
    }

    @AfterEach
    void release() {
        netlib.removeHandler(capture);
        netlib.setUseParentHandlers(parentHandlers);
        netlib.setFilter(null);
    }

    @Test
    void failedToLoadWarningsAreDroppedDuringTheFirstCall() throws Exception {
        String result = NetlibStartup.call(() -> {
            netlib.warning("Failed to load implementation from:dev.ludovic.netlib.blas.VectorBLAS");
            netlib.warning("Failed to load implementation from:dev.ludovic.netlib.blas.JNIBLAS");
            return "loaded";
        });
        assertThat(result).isEqualTo("loaded");
        assertThat(published).isEmpty();
    }

    @Test
    void otherRecordsStillPassAndTheUsersFilterStillApplies() throws Exception {
        Filter users = record -> !record.getMessage().contains("secret");
        netlib.setFilter(users);
        NetlibStartup.call(() -> {
            netlib.warning("something else went wrong");
            netlib.warning("a secret the user filters out");
            return null;
        });
        assertThat(published).containsExactly("something else went wrong");
        assertThat(netlib.getFilter()).isSameAs(users);
    }

    @Test
    void theUsersFilterIsRestoredWhenTheFirstCallThrows() {
        Filter users = record -> true;
        netlib.setFilter(users);
        assertThatThrownBy(() -> NetlibStartup.call(() -> {
            throw new IOException("no shim");
        })).isInstanceOf(IOException.class).hasMessage("no shim");
        assertThat(netlib.getFilter()).isSameAs(users);
        netlib.warning("Failed to load implementation from:later");
        assertThat(published).containsExactly("Failed to load implementation from:later");
    }
}
