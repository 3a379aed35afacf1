package lor.world.content;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.TokenStreamContext;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.InputCoercionException;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.exc.InvalidNullException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;

/**
 * Jackson's failures (JSON or YAML) as a studio author should read them: where, and what is wrong, in plain words;
 * never a Java class name.
 */
final class JsonProblems {

    private static final Pattern DUPLICATE = Pattern.compile("Duplicate Object property \"(.*)\"");
    /** Jackson names where an unclosed object or list began with a source description we do not show. */
    private static final Pattern START_MARKER =
            Pattern.compile(" \\((?:start marker at|for \\w+ starting at) \\[Source:[^\\]]*\\]\\)");
    private static final Pattern CHARACTER = Pattern.compile("\\('(.+?)' \\(code \\d+\\)\\)");
    private static final Pattern CONTROL = Pattern.compile("\\(\\(CTRL-CHAR, code (\\d+)\\)\\)");

    private JsonProblems() {
    }

    /** A failure to read the file as JSON or YAML at all: {@code line 3, column 1: unexpected character '}' ...}. */
    static String syntax(JacksonException e) {
        if (e.getCause() instanceof MarkedYamlEngineException yaml) {
            String where = yaml.getProblemMark().or(yaml::getContextMark).map(JsonProblems::at).orElse("");
            String problem = yaml.getProblem() == null ? "not valid YAML" : yaml.getProblem();
            String context = yaml.getContext() == null ? "" : " (" + yaml.getContext() + ")";
            return where + (problem + context).replace("<stream end>", "the end of the file");
        }
        String message = firstLine(e.getOriginalMessage());
        String where = at(e.getLocation());
        Matcher duplicate = DUPLICATE.matcher(message);
        if (duplicate.matches()) {
            String in = e instanceof StreamReadException r ? objectPath(r.processor()) : "";
            return where + "\"" + duplicate.group(1) + "\" is given twice" + (in.isEmpty() ? "" : " in " + in);
        }
        if (message.startsWith("Trailing token")) {
            return where + "more follows the end of the pack (a file holds one pack)";
        }
        return where + plain(message);
    }

    /**
     * A file that parsed but does not fit the pack's form: {@code objects[1].capacity: expected a whole number}.
     *
     * @param root the record the file was bound to
     */
    static String binding(JacksonException e, JsonNode tree, Class<?> root) {
        String path = path(e.getPath());
        String where = path.isEmpty() ? "" : path + ": ";
        if (e instanceof UnrecognizedPropertyException unknown) {
            return where + "unknown field" + known(unknown.getKnownPropertyIds());
        }
        JsonNode found = find(tree, e.getPath());
        if (e instanceof InputCoercionException) {
            return where + "expected a whole number, got " + describe(found) + ", which is out of range";
        }
        if (e instanceof MismatchedInputException mismatch) {
            Class<?> target = mismatch.getTargetType();
            // A null inside a map of maps is reported with the content type of the property holding the outer map
            // (an object), not with the type of the null's own place: take that from the record's declaration.
            if (e instanceof InvalidNullException) {
                Class<?> declared = declared(root, e.getPath());
                target = declared == null ? target : declared;
            }
            return where + "expected " + expected(target)
                    + (found == null ? "" : ", got " + describe(found));
        }
        // Other binding failures describe Java types, which mean nothing to the author.
        return where + "is not of the form a pack expects here";
    }

    /** {@code line 12, column 5: }, or nothing when Jackson does not know where. */
    static String at(TokenStreamLocation location) {
        if (location == null || location.getLineNr() < 1) {
            return "";
        }
        return "line " + location.getLineNr() + ", column " + location.getColumnNr() + ": ";
    }

    private static String at(Mark mark) {
        return "line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1) + ": ";
    }

    /** {@code objects[1].capacity}, from Jackson's path of field names and indices. */
    private static String path(List<JacksonException.Reference> references) {
        StringBuilder path = new StringBuilder();
        for (JacksonException.Reference ref : references) {
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

    /** Where the parser was when it failed, as the path of the object it was reading ({@code start}). */
    private static String objectPath(JsonParser parser) {
        if (parser == null) {
            return "";
        }
        List<String> segments = new ArrayList<>();
        TokenStreamContext context = parser.streamReadContext();
        // The innermost context is the object holding the repeated key: its own name is that key, not a step.
        for (TokenStreamContext c = context == null ? null : context.getParent(); c != null && !c.inRoot();
                c = c.getParent()) {
            segments.add(0, c.inArray() ? "[" + c.getCurrentIndex() + "]" : c.currentName());
        }
        StringBuilder path = new StringBuilder();
        for (String segment : segments) {
            if (!path.isEmpty() && !segment.startsWith("[")) {
                path.append('.');
            }
            path.append(segment);
        }
        return path.toString();
    }

    /** The value at Jackson's path in the tree that was being bound, or null when the path leads nowhere. */
    private static JsonNode find(JsonNode tree, List<JacksonException.Reference> references) {
        JsonNode node = tree;
        for (JacksonException.Reference ref : references) {
            if (node == null) {
                return null;
            }
            if (ref.getPropertyName() != null) {
                node = node.isObject() ? node.get(ref.getPropertyName()) : null;
            } else if (ref.getIndex() >= 0) {
                node = node.isArray() ? node.get(ref.getIndex()) : null;
            } else {
                return null;
            }
        }
        return node;
    }

    /** The type {@code root}'s components declare at Jackson's path, or null when the path leads elsewhere. */
    private static Class<?> declared(Class<?> root, List<JacksonException.Reference> references) {
        Type type = root;
        for (JacksonException.Reference ref : references) {
            Class<?> raw = raw(type);
            if (raw != null && raw.isRecord() && ref.getPropertyName() != null) {
                type = null;
                for (RecordComponent component : raw.getRecordComponents()) {
                    if (component.getName().equals(ref.getPropertyName())) {
                        type = component.getGenericType();
                    }
                }
            } else if (raw != null && type instanceof ParameterizedType generic
                    && (List.class.isAssignableFrom(raw) || Map.class.isAssignableFrom(raw))) {
                Type[] arguments = generic.getActualTypeArguments();
                type = arguments[arguments.length - 1];
            } else {
                return null;
            }
        }
        return raw(type);
    }

    private static Class<?> raw(Type type) {
        if (type instanceof Class<?> c) {
            return c;
        }
        return type instanceof ParameterizedType generic ? raw(generic.getRawType()) : null;
    }

    private static String describe(JsonNode node) {
        if (node == null) {
            return "something else";
        }
        if (node.isArray()) {
            return "a list";
        }
        if (node.isObject()) {
            return "an object";
        }
        // Strings come out quoted and escaped, numbers, true, false and null as written.
        return node.toString();
    }

    private static String expected(Class<?> type) {
        if (type == null) {
            return "another kind of value";
        }
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
            return "a whole number";
        }
        if (type == String.class) {
            return "a string";
        }
        if (Collection.class.isAssignableFrom(type)) {
            return "a list";
        }
        if (Map.class.isAssignableFrom(type) || type.isRecord()) {
            return "an object";
        }
        return "another kind of value";
    }

    private static String known(Collection<Object> fields) {
        if (fields == null || fields.isEmpty()) {
            return "";
        }
        List<String> names = new ArrayList<>();
        for (Object field : fields) {
            names.add(String.valueOf(field));
        }
        return " (the fields here are " + String.join(", ", names) + ")";
    }

    /** Jackson's parser message without its codes and source descriptions, in lower case. */
    private static String plain(String message) {
        String m = START_MARKER.matcher(message).replaceAll("");
        m = CHARACTER.matcher(m).replaceAll("'$1'");
        m = CONTROL.matcher(m).replaceAll("(a control character, code $1)");
        m = m.replace("was expecting (JSON String, Number, Array, Object or token 'null', 'true' or 'false')",
                        "expected a value")
                .replace("Unexpected end-of-input", "the file ends too soon")
                .replace("close marker for Object", "'}'")
                .replace("close marker for Array", "']'")
                .replace("Unexpected close marker", "unexpected")
                .replace("double-quote to start property name", "'\"' to start a field name")
                .replace("was expecting", "expected");
        return m.isEmpty() ? "cannot be read" : Character.toLowerCase(m.charAt(0)) + m.substring(1);
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "";
        }
        int end = message.indexOf('\n');
        return end < 0 ? message : message.substring(0, end);
    }
}
