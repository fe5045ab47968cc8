package org.ferrite.examples.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A table of results written as CSV (one row per line, a header first) and as JSON (a document of
 * scalar fields, named summaries and the rows as objects). Values are numbers or strings. Not
 * thread-safe (built and written by one command).
 */
final class Results {
    private final List<String> columns;
    private final List<List<Object>> rows = new ArrayList<>();
    private final Map<String, Object> fields = new LinkedHashMap<>();

    Results(String... columns) {
        this.columns = List.of(columns);
    }

    /** @param values one value per column, in order */
    void row(Object... values) {
        if (values.length != columns.size()) {
            throw new IllegalArgumentException(values.length + " values for " + columns.size() + " columns");
        }
        rows.add(List.of(values));
    }

    /**
     * @param name a field of the JSON document
     * @param value a number, a string, a list or a map of them
     */
    void field(String name, Object value) {
        fields.put(name, value);
    }

    /** @return the rows, in order (live, unmodifiable) */
    List<List<Object>> rows() {
        return java.util.Collections.unmodifiableList(rows);
    }

    void writeCsv(Path file) throws IOException {
        StringBuilder csv = new StringBuilder(String.join(",", columns)).append('\n');
        for (List<Object> row : rows) {
            for (int i = 0; i < row.size(); i++) {
                csv.append(i == 0 ? "" : ",").append(text(row.get(i)));
            }
            csv.append('\n');
        }
        Files.writeString(file, csv, StandardCharsets.UTF_8);
    }

    void writeJson(Path file) throws IOException {
        Map<String, Object> document = new LinkedHashMap<>(fields);
        List<Object> objects = new ArrayList<>();
        for (List<Object> row : rows) {
            Map<String, Object> object = new LinkedHashMap<>();
            for (int i = 0; i < columns.size(); i++) {
                object.put(columns.get(i), row.get(i));
            }
            objects.add(object);
        }
        document.put("rows", objects);
        StringBuilder json = new StringBuilder();
        json(json, document, "");
        Files.writeString(file, json.append('\n'), StandardCharsets.UTF_8);
    }

    private static String text(Object value) {
        if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            return Double.isFinite(d) ? String.format(Locale.ROOT, "%.12g", d).trim() : "NaN";
        }
        return String.valueOf(value);
    }

    private static void json(StringBuilder out, Object value, String indent) {
        if (value instanceof Map<?, ?> map) {
            out.append("{\n");
            int i = 0;
            for (Map.Entry<?, ?> e : map.entrySet()) {
                out.append(indent).append("  ").append(quote(String.valueOf(e.getKey()))).append(": ");
                json(out, e.getValue(), indent + "  ");
                out.append(++i < map.size() ? ",\n" : "\n");
            }
            out.append(indent).append('}');
        } else if (value instanceof List<?> list) {
            out.append("[\n");
            for (int i = 0; i < list.size(); i++) {
                out.append(indent).append("  ");
                json(out, list.get(i), indent + "  ");
                out.append(i + 1 < list.size() ? ",\n" : "\n");
            }
            out.append(indent).append(']');
        } else if (value instanceof Number number) {
            double d = number.doubleValue();
            out.append(Double.isFinite(d) ? text(number) : "null");
        } else if (value instanceof Boolean) {
            out.append(value);
        } else {
            out.append(quote(String.valueOf(value)));
        }
    }

    private static String quote(String s) {
        StringBuilder q = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') {
                q.append('\\').append(c);
            } else if (c < 0x20) {
                q.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            } else {
                q.append(c);
            }
        }
        return q.append('"').toString();
    }
}
