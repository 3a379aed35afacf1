package lor.testclient.fuzz;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import lor.protocol.Json;
import lor.protocol.game.RejectedMessage;
import tools.jackson.databind.JsonNode;

/**
 * One connection at a time to one endpoint, through which a share of the hostile messages goes: pipelined in
 * batches, each batch read back until every message is accounted for. A message is accounted for by its answers
 * (every one an {@code error}, or for a game module's action the {@code rejected} with its seq and the reason it is
 * due, or {@code rate_limited}) and pongs, or by the server closing the connection: with a status the message asked
 * for, or 1008 (a policy limit, such as a flood limit, may close any connection; the rest of the batch then counts
 * as closed). After a close the shard opens a new connection and goes on.
 */
final class FuzzShard implements Callable<ShardReport> {

    private final FuzzTarget target;
    private final HostileFrames frames;
    private final long count;
    private final int batchSize;
    private final ShardReport report;

    FuzzShard(String name, long seed, FuzzTarget target, HostileFrames frames, long count, int batchSize) {
        this.target = target;
        this.frames = frames;
        this.count = count;
        this.batchSize = batchSize;
        this.report = new ShardReport(name, seed);
    }

    @Override
    public ShardReport call() throws Exception {
        long started = System.nanoTime();
        RawWebSocket connection = null;
        try {
            while (report.messages < count) {
                if (connection == null) {
                    connection = connect();
                }
                List<HostileFrame> batch = nextBatch();
                if (!exchange(connection, batch)) {
                    connection.close();
                    connection = null;
                }
            }
        } finally {
            if (connection != null) {
                connection.close();
            }
        }
        report.registerNames.addAll(frames.registerNames());
        report.millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        return report;
    }

    /** Up to {@code batchSize} messages; one that must close the connection ends the batch. */
    private List<HostileFrame> nextBatch() {
        List<HostileFrame> batch = new ArrayList<>();
        while (batch.size() < batchSize && report.messages + batch.size() < count) {
            HostileFrame frame = frames.next();
            batch.add(frame);
            if (frame.closing()) {
                break;
            }
        }
        return batch;
    }

    private RawWebSocket connect() throws Exception {
        // A limit on connections per address (or their rate) may refuse or drop an upgrade now and then: back off
        // and retry.
        for (int attempt = 1; ; attempt++) {
            try {
                RawWebSocket connection = target.connect(frames.random());
                frames.connected();
                report.connections++;
                return connection;
            } catch (IOException e) {
                if (attempt == 20) {
                    throw e;
                }
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50L * attempt));
            }
        }
    }

    /** Sends the batch and reads until it is accounted for. @return whether the connection is still usable */
    private boolean exchange(RawWebSocket connection, List<HostileFrame> batch) {
        int answersDue = 0;
        int pongsDue = 0;
        // Refusals come at the world's ticks, after errors the event loop answered at once: matched by seq.
        Map<Long, String> refusals = new HashMap<>();
        int refusalsDue = 0;
        for (HostileFrame frame : batch) {
            if (!frame.closing()) {
                answersDue += frame.answers();
            }
            pongsDue += frame.pongs();
            if (frame.refusal() != null) {
                refusals.put(frame.refusal().seq(), frame.refusal().reason());
                refusalsDue += frame.closing() ? 0 : 1;
            }
        }
        HostileFrame last = batch.get(batch.size() - 1);
        try {
            for (HostileFrame frame : batch) {
                connection.write(frame.wire());
                report.bytes += frame.wire().length;
            }
            connection.flush();
        } catch (IOException e) {
            // The server may close while frames are still going out (an oversized frame is refused from its
            // header): what it said before closing is still to be read.
        }
        report.messages += batch.size();
        int answers = 0;
        int pongs = 0;
        while (last.closing() || answers < answersDue || pongs < pongsDue || refusalsDue > 0) {
            RawWebSocket.ServerFrame frame;
            try {
                frame = connection.read();
            } catch (SocketTimeoutException e) {
                report.fail("no answer within the deadline: " + answers + "/" + answersDue + " answers, " + pongs
                        + "/" + pongsDue + " pongs" + (last.closing() ? ", no close" : "") + "; batch "
                        + describe(batch));
                return false;
            } catch (IOException e) {
                if (last.kind().startsWith("oversize")) {
                    // Refused from its header, the rest of the frame still arriving: the server's close (with
                    // unread input) is a reset, which may overtake its close frame. Closed all the same.
                    report.resetsAfterOversize++;
                } else {
                    report.fail("connection failed without a close frame (" + e + "); batch " + describe(batch));
                }
                return false;
            }
            if (frame == null) {
                report.fail("connection ended without a close frame; batch " + describe(batch));
                return false;
            }
            switch (frame.opcode()) {
                case WsFrames.CLOSE -> {
                    closed(frame.closeStatus(), last, batch);
                    return false;
                }
                case WsFrames.PONG -> {
                    pongs++;
                    report.pongs++;
                }
                case WsFrames.TEXT -> {
                    String type = type(frame.text());
                    if ("rejected".equals(type)) {
                        refusalsDue -= refused(frame.text(), refusals, batch);
                    } else if (target.isAnswer(type)) {
                        if (!"error".equals(type)) {
                            report.fail("answer of type " + type + ": " + preview(frame.text()) + "; batch "
                                    + describe(batch));
                        }
                        answers++;
                        report.answers++;
                    }
                }
                case WsFrames.PING -> {
                    // Not something our servers send; nothing to answer here either.
                }
                default -> {
                    if (target.isAnswer("binary")) {
                        report.fail("unexpected frame with opcode " + frame.opcode() + "; batch " + describe(batch));
                    }
                }
            }
        }
        return true;
    }

    /** A {@code rejected}: the refusal due to the batch's frame of that seq, or {@code rate_limited}. */
    private int refused(String text, Map<Long, String> refusals, List<HostileFrame> batch) {
        JsonNode rejected = Json.MAPPER.readTree(text);
        String reason = rejected.path("reason").asString("?");
        String due = refusals.remove(rejected.path("seq").asLong(-1));
        if (due == null || !due.equals(reason) && !RejectedMessage.RATE_LIMITED.equals(reason)) {
            report.fail((due == null ? "a rejection no frame asked for: " : "refused with " + reason + " instead of "
                    + due + ": ") + preview(text) + "; batch " + describe(batch));
            // A wrong reason still answers its frame: the batch does not wait for another.
            return due == null ? 0 : 1;
        }
        report.refusals.merge(reason, 1L, Long::sum);
        return 1;
    }

    private void closed(int status, HostileFrame last, List<HostileFrame> batch) {
        if (last.closes().contains(status)) {
            report.closes.merge(status, 1L, Long::sum);
        } else if (status == 1008) {
            report.policyCloses++;
        } else {
            report.fail("closed with status " + status + (last.closing() ? " instead of " + last.closes() : "")
                    + "; batch " + describe(batch));
        }
    }

    private static String type(String text) {
        try {
            JsonNode node = Json.MAPPER.readTree(text);
            return node.path("type").asString("?");
        } catch (RuntimeException e) {
            return "unreadable";
        }
    }

    private static String describe(List<HostileFrame> batch) {
        StringBuilder out = new StringBuilder("[");
        for (HostileFrame frame : batch) {
            out.append(out.length() > 1 ? " | " : "").append(frame);
            if (out.length() > 2_000) {
                out.append(" …");
                break;
            }
        }
        return out.append(']').toString();
    }

    private static String preview(String text) {
        return text.length() <= 200 ? text : text.substring(0, 200) + "…";
    }
}
