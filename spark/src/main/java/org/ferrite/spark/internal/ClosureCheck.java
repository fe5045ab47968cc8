package org.ferrite.spark.internal;

import java.io.IOException;
import java.io.NotSerializableException;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import org.ferrite.api.Backend;
import org.ferrite.api.HeldSession;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.session.BackendSession;

/**
 * Serializes a closure as Spark will — Java serialization, to nowhere — and refuses, with what to do
 * instead, one that captures an object that cannot travel: a {@link Backend}, a session ({@link HeldSession},
 * {@link BackendSession}, a task session or executor holder of ferrite-spark), or a tensor under Java
 * serialization. Any other serialization failure is left for Spark to report, with its own path to the
 * culprit. Thread-safe (stateless). Lifetime: static.
 */
public final class ClosureCheck {
    private static final String SPARK_PACKAGE = "org.ferrite.spark.";

    private ClosureCheck() {
    }

    /**
     * @param op the operation, for the message
     * @param argument the closure's parameter name
     * @param closure the closure
     * @throws ValidationException naming {@code argument} if it captures a backend, a session or a tensor
     */
    public static void check(String op, String argument, Object closure) {
        try (Guard out = new Guard(op, argument)) {
            out.writeObject(closure);
        } catch (NotSerializableException e) {
            String type = e.getMessage();
            if (type != null && (type.equals("org.ferrite.api.tensor.Tensor")
                    || type.equals("org.ferrite.api.tensor.TensorView"))) {
                throw ValidationException.invalidArgument(op, argument, "a serializable closure",
                        "it captures a " + type.substring(type.lastIndexOf('.') + 1),
                        "tensors are not Java-serializable: wrap the tensor in org.ferrite.spark.wire."
                                + "SerializableTensor, or broadcast it with Kryo and FerriteKryoRegistrator");
            }
            // anything else: Spark's closure check reports it with the path to the field
        } catch (IOException e) {
            // not ours to judge: Spark's closure check reports it
        }
    }

    /** Replaces nothing: it inspects every object on the way out. */
    private static final class Guard extends ObjectOutputStream {
        private final String op;
        private final String argument;

        Guard(String op, String argument) throws IOException {
            super(OutputStream.nullOutputStream());
            this.op = op;
            this.argument = argument;
            enableReplaceObject(true);
        }

        @Override
        protected Object replaceObject(Object obj) {
            String kind = obj instanceof Backend ? "Backend"
                    : obj instanceof HeldSession ? "HeldSession"
                    : obj instanceof BackendSession ? "BackendSession"
                    : obj.getClass().getName().startsWith(SPARK_PACKAGE + "TaskSession") ? "TaskSession"
                    : obj.getClass().getName().startsWith(SPARK_PACKAGE + "ExecutorBackends") ? "ExecutorBackends"
                    : null;
            if (kind != null) {
                throw ValidationException.invalidArgument(op, argument,
                        "a function that captures no backend or session",
                        "it captures " + (kind.startsWith("E") ? "an " : "a ") + kind + " (" + obj.getClass().getName()
                                + ")",
                        "backends and sessions live in one JVM and cannot travel to executors: name the backend with "
                                + "a BackendSpec and use the session passed to the function — each task opens one "
                                + "held session on its executor");
            }
            return obj;
        }
    }
}
