package org.ferrite.api.tensor;

/** Where a backend computes and where a tensor's storage lives. Thread-safe (an enum); its constants live as long as the class is loaded. */
public enum DeviceKind {
    /** Host memory, Java primitive arrays; the CPU provider. */
    CPU,
    /** An NVIDIA GPU through CUDA. */
    CUDA,
    /** An AMD GPU through ROCm/HIP. */
    ROCM,
    /** Any other accelerator. */
    OTHER
}
