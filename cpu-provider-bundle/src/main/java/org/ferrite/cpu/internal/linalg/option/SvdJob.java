package org.ferrite.cpu.internal.linalg.option;

/**
 * What an SVD computes ({@code ?gesdd}'s {@code JOBZ}), for an {@code m × n} matrix with
 * {@code k = min(m, n)}, for every linear-algebra tier. Thread-safe (immutable).
 */
public enum SvdJob {
    /** Singular values only ({@code JOBZ = 'N'}); U and Vᴴ are neither computed nor written. */
    VALUES('N'),
    /** Thin SVD ({@code JOBZ = 'S'}): U is {@code m × k}, Vᴴ is {@code k × n}. */
    THIN('S'),
    /** Full SVD ({@code JOBZ = 'A'}): U is {@code m × m}, Vᴴ is {@code n × n}. */
    FULL('A');

    private final char code;

    SvdJob(char code) {
        this.code = code;
    }

    /**
     * @param code a {@code JOBZ} character
     * @return the job it names
     */
    public static SvdJob ofCode(int code) {
        return code == 'N' ? VALUES : code == 'S' ? THIN : FULL;
    }

    /**
     * @param job the API's job
     * @return this tier's
     */
    public static SvdJob of(org.ferrite.linalg.SvdJob job) {
        switch (job) {
            case VALUES:
                return VALUES;
            case THIN:
                return THIN;
            default:
                return FULL;
        }
    }

    /** @return LAPACK's {@code JOBZ} character */
    public char code() {
        return code;
    }

    /**
     * @param m rows of A
     * @param n columns of A
     * @return columns of U: {@code k}, {@code m}, or 0 for {@link #VALUES}
     */
    public int uColumns(int m, int n) {
        return this == FULL ? m : this == THIN ? Math.min(m, n) : 0;
    }

    /**
     * @param m rows of A
     * @param n columns of A
     * @return rows of Vᴴ: {@code k}, {@code n}, or 0 for {@link #VALUES}
     */
    public int vtRows(int m, int n) {
        return this == FULL ? n : this == THIN ? Math.min(m, n) : 0;
    }
}
