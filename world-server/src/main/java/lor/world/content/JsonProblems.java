package lor.world.content;

import tools.jackson.core.JacksonException;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;

/** Jackson's failures as a studio author should read them: where, and what is wrong, in plain words. */
final class JsonProblems {

    private JsonProblems() {
    }

    static String describe(JacksonException e) {
        String path = path(e);
        String where = path.isEmpty() ? location(e) : path;
        String what;
        if (e instanceof UnrecognizedPropertyException) {
            return (path.isEmpty() ? "" : path + ": ") + "unknown field (a typo?)";
        } else if (e instanceof InvalidFormatException f) {
            what = "expected " + expected(f.getTargetType()) + ", got " + f.getValue();
        } else if (e instanceof MismatchedInputException m) {
            what = "expected " + expected(m.getTargetType());
        } else {
            what = firstLine(e.getOriginalMessage());
            where = location(e) + (path.isEmpty() ? "" : " (" + path + ")");
        }
        return where.isEmpty() ? what : where + ": " + what;
    }

    /** {@code objects[1].capacity}, from Jackson's path of field names and indices. */
    private static String path(JacksonException e) {
        StringBuilder path = new StringBuilder();
        for (JacksonException.Reference ref : e.getPath()) {
            if (ref.getPropertyName() != null) {
                if (!path.isEmpty()) {
                    path.append('.');
                }
                path.append(ref.getPropertyName());
            } else if (ref.getIndex() >= 0) {
                path.append('[').append(ref.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    private static String location(JacksonException e) {
        TokenStreamLocation at = e.getLocation();
        if (at == null || at.getLineNr() < 1) {
            return "";
        }
        return "line " + at.getLineNr() + ", column " + at.getColumnNr();
    }

    private static String expected(Class<?> type) {
        if (type == null) {
            return "another value";
        }
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
            return "a whole number";
        }
        if (type == String.class) {
            return "a string";
        }
        if (java.util.List.class.isAssignableFrom(type)) {
            return "a list";
        }
        if (java.util.Map.class.isAssignableFrom(type) || type.isRecord()) {
            return "an object";
        }
        return "a " + type.getSimpleName();
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unreadable JSON";
        }
        int end = message.indexOf('\n');
        return end < 0 ? message : message.substring(0, end);
    }
}
