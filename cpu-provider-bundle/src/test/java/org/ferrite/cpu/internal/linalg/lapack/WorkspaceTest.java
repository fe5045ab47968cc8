package org.ferrite.cpu.internal.linalg.lapack;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * Base of the routine tests: skipped, with the probe's reason, where no native LAPACK is installed;
 * each test gets a fresh workspace that every case of the test shares (reuse across shapes and dtypes
 * is part of what is tested) and that is closed afterwards.
 */
abstract class WorkspaceTest {
    /** The workspace of the running test. */
    LapackWorkspace ws;

    /** Skips each test on its own (so every one is reported skipped, with the reason) or opens its workspace. */
    @BeforeEach
    void openWorkspace() {
        LapackTesting.assumeLapack();
        ws = new LapackWorkspace(LapackLibrary.get());
    }

    @AfterEach
    void closeWorkspace() {
        if (ws != null) {
            ws.close();
        }
    }
}
