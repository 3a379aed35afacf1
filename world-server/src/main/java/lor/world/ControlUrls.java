package lor.world;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;

/**
 * The value of {@code --control-url}: the {@code /control} of every director this world may register with, the one
 * that spawned it first. Several directors share one database; when the world's own goes away, another adopts it.
 */
final class ControlUrls {

    static final String OPTION = "--control-url";
    /** More directors than this on one database is not a deployment this was built for; it is a typo or a loop. */
    static final int MAX = 16;

    private ControlUrls() {
    }

    /** @throws IllegalArgumentException naming the entry that is not a usable director address */
    static List<URI> parse(String value) {
        String[] entries = value.split(",", -1);
        if (entries.length > MAX) {
            throw new IllegalArgumentException(OPTION + " lists " + entries.length + " directors; at most " + MAX);
        }
        List<URI> urls = new ArrayList<>(entries.length);
        for (String entry : entries) {
            URI url = parseOne(entry.strip());
            if (urls.contains(url)) {
                throw new IllegalArgumentException(OPTION + " lists " + url + " twice");
            }
            if (!urls.isEmpty() && !urls.get(0).getScheme().equals(url.getScheme())) {
                throw new IllegalArgumentException(OPTION + " mixes " + urls.get(0).getScheme() + ":// and "
                        + url.getScheme() + ":// (" + url + "): all directors are reached with one scheme");
            }
            urls.add(url);
        }
        return List.copyOf(urls);
    }

    private static URI parseOne(String entry) {
        if (entry.isEmpty()) {
            throw new IllegalArgumentException(OPTION + " has an empty entry: give URLs separated by single commas");
        }
        URI url;
        try {
            url = new URI(entry);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(OPTION + " entry " + entry + " is not a URL: " + e.getReason());
        }
        String scheme = url.getScheme();
        if (scheme == null || !(scheme.equals("ws") || scheme.equals("wss")) || url.getHost() == null) {
            throw new IllegalArgumentException(OPTION + " entry " + entry
                    + " is not a ws://HOST[:PORT]/PATH or wss://HOST[:PORT]/PATH URL");
        }
        return url;
    }
}
