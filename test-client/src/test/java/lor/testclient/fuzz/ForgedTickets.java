package lor.testclient.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Random;

/** Tickets and tokens no world or director accepts, some made from real tickets a world has already admitted. */
final class ForgedTickets {

    private final Random random;
    private final List<String> usedTickets;

    /** @param usedTickets real tickets a world has already admitted (shared, may grow; lock it to read) */
    ForgedTickets(Random random, List<String> usedTickets) {
        this.random = random;
        this.usedTickets = usedTickets;
    }

    /** 32 random bytes, base64url, or now and then a random length. */
    static String token(Random random) {
        byte[] bytes = new byte[random.nextInt(4) == 0 ? random.nextInt(64) : 32];
        random.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** A ticket no world admits: reused, tampered with, truncated, or invented. */
    String forged() {
        String real;
        synchronized (usedTickets) {
            real = usedTickets.isEmpty() ? null : usedTickets.get(random.nextInt(usedTickets.size()));
        }
        if (real == null || random.nextInt(6) == 0) {
            return token(random) + "." + token(random);
        }
        int dot = real.indexOf('.');
        return switch (random.nextInt(7)) {
            case 0 -> real;
            case 1 -> {
                int at = random.nextInt(real.length());
                char c = real.charAt(at) == 'A' ? 'B' : 'A';
                yield real.substring(0, at) + c + real.substring(at + 1);
            }
            case 2 -> otherAccount(real, dot);
            case 3 -> real.substring(0, random.nextInt(real.length()));
            case 4 -> real.substring(0, dot + 1);
            case 5 -> real + "." + real;
            default -> real.substring(dot + 1) + "." + real.substring(0, dot);
        };
    }

    /** The ticket with the next account id in its payload and the original signature. */
    private static String otherAccount(String real, int dot) {
        try {
            String payload = new String(Base64.getUrlDecoder().decode(real.substring(0, dot)), StandardCharsets.UTF_8);
            String[] parts = payload.split("\\|");
            parts[1] = String.valueOf(Long.parseLong(parts[1]) + 1);
            return Base64.getUrlEncoder().withoutPadding().encodeToString(
                    String.join("|", parts).getBytes(StandardCharsets.UTF_8)) + real.substring(dot);
        } catch (RuntimeException e) {
            throw new IllegalStateException("a real ticket is not v1|accountId|…: " + e.getMessage(), e);
        }
    }
}
