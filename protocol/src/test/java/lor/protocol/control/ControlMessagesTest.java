package lor.protocol.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import lor.protocol.ErrorCode;
import lor.protocol.ErrorMessage;
import lor.protocol.JsonPayload;
import lor.protocol.JsonText;
import lor.protocol.Message;
import lor.protocol.MessageCodec;
import lor.protocol.MessageType;
import lor.protocol.ProtocolException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** The control channel's registry, seen from both ends. */
class ControlMessagesTest {

    private final MessageCodec director = ControlMessages.directorCodec();
    private final MessageCodec world = ControlMessages.worldCodec();

    @Test
    void directorDecodesEveryWorldMessage() throws ProtocolException {
        assertThat(director.decode("{\"type\":\"world_register\",\"worldId\":\"start\",\"spawnToken\":\"st\","
                + "\"gamePort\":4000,\"pid\":123}"))
                .isEqualTo(new WorldRegisterMessage("start", "st", 4000, 123));
        assertThat(director.decode("{\"type\":\"world_ready\",\"worldId\":\"start\",\"hydratedSeq\":0}"))
                .isEqualTo(new WorldReadyMessage("start", 0));
        assertThat(director.decode("{\"type\":\"world_snapshot\",\"worldId\":\"start\",\"seq\":4,"
                + "\"state\":{\"format\":1}}"))
                .isEqualTo(new WorldSnapshotMessage("start", 4, state(), false));
        assertThat(director.decode("{\"type\":\"world_status\",\"worldId\":\"start\",\"tick\":60,\"players\":2,"
                + "\"tickP50\":0.001,\"tickP99\":0.004,\"tickMax\":0.01,\"overruns\":1}"))
                .isEqualTo(new WorldStatusMessage("start", 60, 2, 0.001, 0.004, 0.01, 1));
        assertThat(director.decode("{\"type\":\"shutdown_ack\",\"worldId\":\"start\",\"lastSeq\":9}"))
                .isEqualTo(new ShutdownAckMessage("start", 9));
        assertThat(director.decode("{\"type\":\"portal_transfer\",\"worldId\":\"start\",\"transferId\":3,"
                + "\"accountId\":42,\"targetWorldId\":\"cellar\",\"x\":6,\"y\":7,\"layer\":0}"))
                .isEqualTo(new PortalTransferMessage("start", 3, 42, "cellar", 6, 7, 0));
        assertThat(director.decode("{\"type\":\"portal_transfer\",\"worldId\":\"start\",\"transferId\":3,"
                + "\"accountId\":42,\"targetWorldId\":\"cellar\",\"x\":6,\"y\":7,\"layer\":0,\"name\":\"alice\"}"))
                .isEqualTo(new PortalTransferMessage("start", 3, 42, "cellar", 6, 7, 0, "alice"));
        assertThat(director.decode("{\"type\":\"player_joined\",\"worldId\":\"start\",\"accountId\":42}"))
                .isEqualTo(new PlayerJoinedMessage("start", 42));
        assertThat(director.decode("{\"type\":\"player_left\",\"worldId\":\"start\",\"accountId\":42}"))
                .isEqualTo(new PlayerLeftMessage("start", 42));
        assertThat(director.decode("{\"type\":\"player_roster\",\"worldId\":\"start\",\"accountIds\":[42,7]}"))
                .isEqualTo(new PlayerRosterMessage("start", List.of(42L, 7L)));
        assertThat(director.decode("{\"type\":\"world_heartbeat\",\"worldId\":\"start\",\"tick\":180}"))
                .isEqualTo(new WorldHeartbeatMessage("start", 180));
    }

    @Test
    void worldDecodesEveryDirectorMessage() throws ProtocolException {
        assertThat(world.decode("{\"type\":\"world_hydrate\",\"worldId\":\"start\",\"seq\":0}"))
                .isEqualTo(new WorldHydrateMessage("start", 0, null));
        assertThat(world.decode("{\"type\":\"world_hydrate\",\"worldId\":\"start\",\"seq\":3,"
                + "\"state\":{\"format\":1}}"))
                .isEqualTo(new WorldHydrateMessage("start", 3, state()));
        assertThat(world.decode("{\"type\":\"world_resumed\",\"worldId\":\"start\"}"))
                .isEqualTo(new WorldResumedMessage("start"));
        assertThat(world.decode("{\"type\":\"world_resumed\",\"worldId\":\"start\",\"ticketSecret\":\"k\"}"))
                .isEqualTo(new WorldResumedMessage("start", "k"));
        assertThat(world.decode("{\"type\":\"snapshot_ack\",\"worldId\":\"start\",\"seq\":3}"))
                .isEqualTo(new SnapshotAckMessage("start", 3));
        assertThat(world.decode("{\"type\":\"world_shutdown\",\"worldId\":\"start\"}"))
                .isEqualTo(new WorldShutdownMessage("start", null));
        assertThat(world.decode("{\"type\":\"world_shutdown\",\"worldId\":\"start\",\"reason\":\"idle\"}"))
                .isEqualTo(new WorldShutdownMessage("start", "idle"));
        assertThat(world.decode("{\"type\":\"error\",\"code\":\"bad_token\",\"message\":\"stale spawn\"}"))
                .isEqualTo(ErrorMessage.of(ErrorCode.BAD_TOKEN, "stale spawn", null));
        assertThat(world.decode("{\"type\":\"portal_granted\",\"worldId\":\"start\",\"transferId\":3,"
                + "\"accountId\":42,\"targetWorldId\":\"cellar\",\"gameUrl\":\"ws://127.0.0.1:4001/game\","
                + "\"ticket\":\"p.m\"}"))
                .isEqualTo(new PortalGrantedMessage("start", 3, 42, "cellar", "ws://127.0.0.1:4001/game", "p.m"));
        assertThat(world.decode("{\"type\":\"portal_refused\",\"worldId\":\"start\",\"transferId\":3,"
                + "\"accountId\":42,\"reason\":\"cellar is unavailable\"}"))
                .isEqualTo(new PortalRefusedMessage("start", 3, 42, "cellar is unavailable"));
        assertThat(world.decode("{\"type\":\"player_kick\",\"worldId\":\"start\",\"accountId\":42,"
                + "\"reason\":\"entered another world\"}"))
                .isEqualTo(new PlayerKickMessage("start", 42, "entered another world"));
    }

    @Test
    void encodesTheStageThreeMessagesExactly() {
        assertThat(world.encode(new PortalTransferMessage("start", 3, 42, "cellar", 6, 7, 0)))
                .isEqualTo("{\"type\":\"portal_transfer\",\"worldId\":\"start\",\"transferId\":3,"
                        + "\"accountId\":42,\"targetWorldId\":\"cellar\",\"x\":6,\"y\":7,\"layer\":0}");
        assertThat(world.encode(new PortalTransferMessage("start", 3, 42, "cellar", 6, 7, 0, "alice")))
                .as("a name only when the player's ticket had one")
                .isEqualTo("{\"type\":\"portal_transfer\",\"worldId\":\"start\",\"transferId\":3,"
                        + "\"accountId\":42,\"targetWorldId\":\"cellar\",\"x\":6,\"y\":7,\"layer\":0,"
                        + "\"name\":\"alice\"}");
        assertThat(world.encode(new PlayerRosterMessage("start", List.of(42L, 7L))))
                .isEqualTo("{\"type\":\"player_roster\",\"worldId\":\"start\",\"accountIds\":[42,7]}");
        assertThat(world.encode(new PlayerRosterMessage("start", List.of())))
                .isEqualTo("{\"type\":\"player_roster\",\"worldId\":\"start\",\"accountIds\":[]}");
        assertThat(director.encode(new PortalGrantedMessage("start", 3, 42, "cellar", "ws://h:1/game", "p.m")))
                .isEqualTo("{\"type\":\"portal_granted\",\"worldId\":\"start\",\"transferId\":3,"
                        + "\"accountId\":42,\"targetWorldId\":\"cellar\",\"gameUrl\":\"ws://h:1/game\","
                        + "\"ticket\":\"p.m\"}");
        assertThat(director.encode(new PlayerKickMessage("start", 42, "entered another world")))
                .isEqualTo("{\"type\":\"player_kick\",\"worldId\":\"start\",\"accountId\":42,"
                        + "\"reason\":\"entered another world\"}");
    }

    @ParameterizedTest
    @ValueSource(strings = {"[\"42\"]", "[4.5]", "[null]", "[[1]]", "[18446744073709551616]"})
    void refusesARosterWhoseAccountIdsAreNotAllIntegers(String ids) {
        ProtocolException e = catchThrowableOfType(ProtocolException.class,
                () -> director.decode("{\"type\":\"player_roster\",\"worldId\":\"start\",\"accountIds\":" + ids
                        + "}"));

        assertThat(e.code()).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(e.getMessage()).isEqualTo("accountIds must be integers");
    }

    @Test
    void refusesARosterWithoutItsAccountIdsArray() {
        assertThat(catchThrowableOfType(ProtocolException.class,
                () -> director.decode("{\"type\":\"player_roster\",\"worldId\":\"start\"}")).getMessage())
                .isEqualTo("missing field accountIds");
        assertThat(catchThrowableOfType(ProtocolException.class,
                () -> director.decode("{\"type\":\"player_roster\",\"worldId\":\"start\",\"accountIds\":42}"))
                .getMessage())
                .isEqualTo("accountIds must be an array");
    }

    @Test
    void refusesAPortalTransferWithoutItsTargetCell() {
        ProtocolException e = catchThrowableOfType(ProtocolException.class,
                () -> director.decode("{\"type\":\"portal_transfer\",\"worldId\":\"start\",\"transferId\":3,"
                        + "\"accountId\":42,\"targetWorldId\":\"cellar\",\"x\":6,\"y\":7}"));

        assertThat(e.code()).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(e.getMessage()).isEqualTo("missing field layer");
    }

    @Test
    void eachEndRefusesTheOthersStageThreeMessages() {
        assertThat(catchThrowableOfType(ProtocolException.class,
                () -> director.decode("{\"type\":\"player_kick\",\"worldId\":\"start\",\"accountId\":1,"
                        + "\"reason\":\"r\"}")).code())
                .isEqualTo(ErrorCode.UNKNOWN_TYPE);
        assertThat(catchThrowableOfType(ProtocolException.class,
                () -> world.decode("{\"type\":\"player_joined\",\"worldId\":\"start\",\"accountId\":1}")).code())
                .isEqualTo(ErrorCode.UNKNOWN_TYPE);
    }

    @Test
    void rosterKeepsItsOwnCopyOfTheAccountIds() {
        List<Long> ids = new ArrayList<>(List.of(1L, 2L));
        PlayerRosterMessage roster = new PlayerRosterMessage("start", ids);

        ids.add(3L);

        assertThat(roster.accountIds()).containsExactly(1L, 2L);
    }

    @Test
    void refusesSnapshotWithoutState() {
        ProtocolException e = catchThrowableOfType(ProtocolException.class,
                () -> director.decode("{\"type\":\"world_snapshot\",\"worldId\":\"start\",\"seq\":4}"));

        assertThat(e.code()).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(e.getMessage()).isEqualTo("missing field state");
    }

    @Test
    void refusesSnapshotWhoseLastIsNotABoolean() {
        ProtocolException e = catchThrowableOfType(ProtocolException.class,
                () -> director.decode("{\"type\":\"world_snapshot\",\"worldId\":\"start\",\"seq\":4,\"state\":{},"
                        + "\"last\":\"yes\"}"));

        assertThat(e.getMessage()).isEqualTo("last must be true or false");
    }

    @Test
    void refusesGamePortBeyondThirtyTwoBits() {
        ProtocolException e = catchThrowableOfType(ProtocolException.class,
                () -> director.decode("{\"type\":\"world_register\",\"worldId\":\"start\",\"spawnToken\":\"st\","
                        + "\"gamePort\":4294967296,\"pid\":1}"));

        assertThat(e.getMessage()).isEqualTo("gamePort must be a 32-bit integer");
    }

    @Test
    void refusesDirectorMessagesSentByAWorld() {
        ProtocolException e = catchThrowableOfType(ProtocolException.class,
                () -> director.decode("{\"type\":\"snapshot_ack\",\"worldId\":\"start\",\"seq\":1}"));

        assertThat(e.code()).isEqualTo(ErrorCode.UNKNOWN_TYPE);
    }

    @Test
    void roundTripsEveryMessageType() throws ProtocolException {
        List<Message> fromWorld = List.of(
                new WorldRegisterMessage("start", "st", 4000, 123),
                new WorldReadyMessage("start", 7),
                new WorldSnapshotMessage("start", 8, state(), true),
                new WorldStatusMessage("start", 60, 2, 0.001, 0.004, 0.01, 1),
                new ShutdownAckMessage("start", 8),
                new PortalTransferMessage("start", 3, 42, "cellar", 6, 7, 0),
                new PortalTransferMessage("start", 3, 42, "cellar", 6, 7, 0, "alice"),
                new PlayerJoinedMessage("start", 42),
                new PlayerLeftMessage("start", 42),
                new PlayerRosterMessage("start", List.of(42L, 7L, Long.MAX_VALUE)),
                new PlayerRosterMessage("start", List.of()),
                new WorldLoadMessage("start", 0.0005, 0.002, 1800, 40, 3, 0.25, 12, 4.5, 123_456_789L),
                new WorldModulesMessage("start", List.of(
                        new WorldModulesMessage.HookStats("elementals", "wake", 1200, 3, 0.0625, 2.5e-5),
                        new WorldModulesMessage.HookStats("elementals", "act", 0, 0, 0, 0))),
                new WorldModulesMessage("start", List.of()),
                new SpareRegisterMessage("st", 123),
                new WorldHeartbeatMessage("start", 180));
        List<Message> fromDirector = List.of(
                new WorldHydrateMessage("start", 7, state()),
                new WorldHydrateMessage("start", 0, null),
                new WorldResumedMessage("start"),
                new WorldResumedMessage("start", "secret"),
                new SnapshotAckMessage("start", 8),
                new WorldShutdownMessage("start", "idle"),
                new WorldShutdownMessage("start", null),
                new PortalGrantedMessage("start", 3, 42, "cellar", "ws://127.0.0.1:4001/game", "p.m"),
                new PortalRefusedMessage("start", 3, 42, "cellar is unavailable: it did not start in time"),
                new PlayerKickMessage("start", 42, "entered another world"),
                new WorldAssignMessage(new WorldSpec("bench", "bench", null, null, 0, 24, "hashed", 30_000), "secret"),
                new WorldAssignMessage(new WorldSpec("open", null, null, null, 3, 10, "nearest", 1_000), "secret"),
                new WorldAssignMessage(new WorldSpec("bench-objects", "bench-layers", "bench",
                        ObjectSeed.parse("pump:100000:1"), 0, 24, "hashed", 30_000), "secret"),
                new WorldDirectorsMessage("open", List.of("ws://10.0.0.1:8080/control", "ws://10.0.0.2:8080/control")),
                ErrorMessage.of(ErrorCode.BAD_TOKEN, "stale spawn", null));

        for (Message message : fromWorld) {
            assertThat(director.decode(world.encode(message))).isEqualTo(message);
        }
        for (Message message : fromDirector) {
            assertThat(world.decode(director.encode(message))).isEqualTo(message);
        }
        assertThat(Stream.concat(fromWorld.stream(), fromDirector.stream()).map(Message::type)
                .collect(Collectors.toSet()))
                .isEqualTo(Stream.concat(ControlMessages.WORLD_TO_DIRECTOR.stream(),
                        ControlMessages.DIRECTOR_TO_WORLD.stream()).map(MessageType::name).collect(Collectors.toSet()));
    }

    @Test
    void aDirectorsListMustNameOneToSixteenUrls() {
        MessageCodec world = ControlMessages.worldCodec();

        for (String urls : List.of("[]", "[1]", "[\"\"]", "[" + "\"ws://a/control\",".repeat(16)
                + "\"ws://b/control\"]")) {
            ProtocolException refused = catchThrowableOfType(ProtocolException.class, () -> world.decode(
                    "{\"type\":\"world_directors\",\"worldId\":\"open\",\"controlUrls\":" + urls + "}"));
            assertThat(refused).as(urls).isNotNull();
            assertThat(refused.code()).isEqualTo(ErrorCode.BAD_REQUEST);
        }
    }

    @Test
    void keepsThePortalTicketOutOfToString() {
        String shown = new PortalGrantedMessage("start", 3, 42, "cellar", "ws://127.0.0.1:4001/game",
                "ticket-secret.mac").toString();

        assertThat(shown).doesNotContain("ticket-secret").contains("<redacted>").contains("cellar")
                .contains("ws://127.0.0.1:4001/game").contains("transferId=3").contains("accountId=42");
    }

    @Test
    void keepsSpawnTokenOutOfToString() {
        assertThat(new WorldRegisterMessage("start", "spawn-secret", 4000, 1).toString())
                .doesNotContain("spawn-secret")
                .contains("start");
    }

    private static JsonPayload state() {
        return JsonPayload.of(JsonNodeFactory.instance.objectNode().put("format", 1));
    }

    // ---- issue 32: the state crosses the director as the text the world sent -----------------------------------

    @Test
    void theDirectorKeepsASnapshotsStateAsTheTextTheWorldSent() throws ProtocolException {
        String state = "{\"format\": 3,\n \"tick\" : 1.50, \"players\":[ ]}";

        WorldSnapshotMessage snapshot = (WorldSnapshotMessage) director.decode("{\"type\":\"world_snapshot\","
                + "\"state\":" + state + ",\"worldId\":\"start\",\"seq\":4,\"last\":true}");

        assertThat(snapshot.state().text()).isEqualTo(state);
        assertThat(snapshot).isEqualTo(new WorldSnapshotMessage("start", 4,
                JsonPayload.of((ObjectNode) JsonText.read(state)), true));
    }

    @Test
    void theDirectorHandsTheStoredTextBackVerbatimAndTheWorldReadsItAsATree() throws ProtocolException {
        String stored = "{\"format\": 3, \"tick\" : 1.50}";

        String sent = director.encode(new WorldHydrateMessage("start", 9, JsonPayload.ofText(stored)));

        assertThat(sent).isEqualTo("{\"type\":\"world_hydrate\",\"worldId\":\"start\",\"seq\":9,\"state\":"
                + stored + "}");
        assertThat(((WorldHydrateMessage) world.decode(sent)).state().tree())
                .isEqualTo(JsonText.read("{\"format\":3,\"tick\":1.50}"));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "{\"type\":\"world_snapshot\",\"worldId\":\"start\",\"seq\":4,\"state\":[1]}",
            "{\"type\":\"world_snapshot\",\"worldId\":\"start\",\"seq\":4,\"state\":\"{}\"}",
            "{\"type\":\"world_snapshot\",\"worldId\":\"start\",\"seq\":4}",
            "{\"type\":\"world_snapshot\",\"worldId\":\"start\",\"seq\":\"4\",\"state\":{}}",
            "{\"type\":\"world_snapshot\",\"worldId\":7,\"seq\":4,\"state\":{}}",
            "{\"type\":\"world_snapshot\",\"worldId\":\"start\",\"seq\":4,\"last\":1,\"state\":{}}",
            "{\"type\":\"world_snapshot\",\"worldId\":\"start\",\"seq\":4,\"state\":{\"a\":1,\"a\":1}}",
            "{\"type\":\"world_snapshot\",\"worldId\":\"start\",\"seq\":4,\"state\":{},\"state\":{}}",
            "{\"type\":\"world_snapshot\",\"worldId\":\"start\",\"seq\":4,\"state\":{}} {}",
            "{\"type\":\"world_snapshot\",\"worldId\":\"start\",\"seq\":4,\"state\":{\"a\":}}"})
    void theDirectorStillRefusesAMalformedSnapshot(String frame) {
        ProtocolException refused = catchThrowableOfType(ProtocolException.class, () -> director.decode(frame));

        assertThat(refused).as(frame).isNotNull();
        assertThat(refused.code()).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(refused).as("refused as the tree-building codec refuses it")
                .hasMessage(catchThrowableOfType(ProtocolException.class,
                        () -> new MessageCodec(ControlMessages.WORLD_TO_DIRECTOR, ControlMessages.DIRECTOR_TO_WORLD)
                                .decode(frame)).getMessage());
    }

    // ---- stage 5: load figures and warm spares ------------------------------------------------------------------

    @Test
    void encodesWorldLoadExactly() {
        assertThat(world.encode(new WorldLoadMessage("bench", 0.0005, 0.002, 1800, 40, 3, 0.25, 12, 4.5, 123456789)))
                .isEqualTo("{\"type\":\"world_load\",\"worldId\":\"bench\",\"broadcastP50\":5.0E-4,"
                        + "\"broadcastP99\":0.002,\"bytesPerClientPerSecond\":1800,\"framesPerSecond\":40,"
                        + "\"queueDepth\":3,\"gcPauseSecondsTotal\":0.25,\"gcCount\":12,\"cpuSecondsTotal\":4.5,"
                        + "\"rssBytes\":123456789}");
    }

    @Test
    void directorDecodesWorldLoadFromText() throws ProtocolException {
        assertThat(director.decode("{\"type\":\"world_load\",\"worldId\":\"bench\",\"broadcastP50\":0.0005,"
                + "\"broadcastP99\":0.002,\"bytesPerClientPerSecond\":1800,\"framesPerSecond\":40,\"queueDepth\":3,"
                + "\"gcPauseSecondsTotal\":0.25,\"gcCount\":12,\"cpuSecondsTotal\":4.5,\"rssBytes\":123456789}"))
                .isEqualTo(new WorldLoadMessage("bench", 0.0005, 0.002, 1800, 40, 3, 0.25, 12, 4.5, 123456789));
    }

    @Test
    void refusesWorldLoadWithoutItsMemoryFigure() {
        ProtocolException e = catchThrowableOfType(ProtocolException.class,
                () -> director.decode("{\"type\":\"world_load\",\"worldId\":\"bench\",\"broadcastP50\":0,"
                        + "\"broadcastP99\":0,\"bytesPerClientPerSecond\":0,\"framesPerSecond\":0,\"queueDepth\":0,"
                        + "\"gcPauseSecondsTotal\":0,\"gcCount\":0,\"cpuSecondsTotal\":0}"));

        assertThat(e.code()).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(e.getMessage()).isEqualTo("missing field rssBytes");
    }

    @Test
    void encodesSpareRegisterExactly() throws ProtocolException {
        String text = world.encode(new SpareRegisterMessage("st", 123));

        assertThat(text).isEqualTo("{\"type\":\"spare_register\",\"spawnToken\":\"st\",\"pid\":123}");
        assertThat(director.decode(text)).isEqualTo(new SpareRegisterMessage("st", 123));
    }

    @Test
    void encodesWorldAssignExactlyWithAndWithoutAMap() {
        assertThat(director.encode(new WorldAssignMessage(
                new WorldSpec("bench", "bench", null, null, 0, 24, "hashed", 30000), "ts")))
                .isEqualTo("{\"type\":\"world_assign\",\"worldId\":\"bench\",\"ticketSecret\":\"ts\","
                        + "\"map\":\"bench\",\"npcs\":0,\"viewRadius\":24,\"spawn\":\"hashed\","
                        + "\"snapshotIntervalMs\":30000}");
        assertThat(director.encode(new WorldAssignMessage(
                new WorldSpec("open", null, null, null, 3, 10, "nearest", 1000), "ts")))
                .isEqualTo("{\"type\":\"world_assign\",\"worldId\":\"open\",\"ticketSecret\":\"ts\","
                        + "\"npcs\":3,\"viewRadius\":10,\"spawn\":\"nearest\",\"snapshotIntervalMs\":1000}");
        assertThat(director.encode(new WorldAssignMessage(
                new WorldSpec("b", "bench-layers", "bench", ObjectSeed.parse("pump:9:1"), 0, 24, "hashed", 1000),
                "ts")))
                .isEqualTo("{\"type\":\"world_assign\",\"worldId\":\"b\",\"ticketSecret\":\"ts\","
                        + "\"map\":\"bench-layers\",\"content\":\"bench\",\"seedObjects\":\"pump:9:1\","
                        + "\"npcs\":0,\"viewRadius\":24,\"spawn\":\"hashed\",\"snapshotIntervalMs\":1000}");
    }

    @Test
    void refusesWorldAssignWithoutItsTicketSecret() {
        ProtocolException e = catchThrowableOfType(ProtocolException.class,
                () -> world.decode("{\"type\":\"world_assign\",\"worldId\":\"bench\",\"npcs\":0,"
                        + "\"viewRadius\":24,\"spawn\":\"hashed\",\"snapshotIntervalMs\":30000}"));

        assertThat(e.code()).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(e.getMessage()).isEqualTo("missing field ticketSecret");
    }

    @Test
    void eachEndRefusesTheOthersSpareMessages() {
        assertThat(catchThrowableOfType(ProtocolException.class,
                () -> world.decode("{\"type\":\"spare_register\",\"spawnToken\":\"st\",\"pid\":1}")).code())
                .isEqualTo(ErrorCode.UNKNOWN_TYPE);
        assertThat(catchThrowableOfType(ProtocolException.class,
                () -> director.decode("{\"type\":\"world_assign\",\"worldId\":\"bench\",\"ticketSecret\":\"t\","
                        + "\"npcs\":0,\"viewRadius\":24,\"spawn\":\"hashed\",\"snapshotIntervalMs\":1}")).code())
                .isEqualTo(ErrorCode.UNKNOWN_TYPE);
        assertThat(catchThrowableOfType(ProtocolException.class,
                () -> world.decode("{\"type\":\"world_load\",\"worldId\":\"bench\"}")).code())
                .isEqualTo(ErrorCode.UNKNOWN_TYPE);
    }

    @Test
    void keepsTheSpareTokenOutOfToString() {
        assertThat(new SpareRegisterMessage("spawn-secret", 4242).toString())
                .doesNotContain("spawn-secret").contains("<redacted>").contains("4242");
    }

    @Test
    void keepsTheAssignedTicketSecretOutOfToString() {
        String shown = new WorldAssignMessage(new WorldSpec("bench", "bench", null, null, 0, 24, "hashed", 30000),
                "ticket-secret").toString();

        assertThat(shown).doesNotContain("ticket-secret").contains("<redacted>").contains("worldId=bench")
                .contains("spawn=hashed");
    }

    @Test
    void keepsTheResumedTicketSecretOutOfToString() {
        assertThat(new WorldResumedMessage("start", "ticket-secret").toString())
                .doesNotContain("ticket-secret").contains("<redacted>").contains("worldId=start");
        assertThat(new WorldResumedMessage("start").toString()).contains("unchanged");
    }

    // ---- issue 33: how each game module's hooks ran --------------------------------------------------------------

    private static final String MODULES_FRAME = "{\"type\":\"world_modules\",\"worldId\":\"elements\",\"hooks\":["
            + "{\"module\":\"elementals\",\"hook\":\"wake\",\"calls\":1200,\"errors\":3,\"seconds\":0.0625,"
            + "\"secondsPerTick\":2.5E-5},"
            + "{\"module\":\"elementals\",\"hook\":\"act\",\"calls\":7,\"errors\":0,\"seconds\":0.0,"
            + "\"secondsPerTick\":0.0}]}";

    private static final WorldModulesMessage MODULES = new WorldModulesMessage("elements", List.of(
            new WorldModulesMessage.HookStats("elementals", "wake", 1200, 3, 0.0625, 2.5e-5),
            new WorldModulesMessage.HookStats("elementals", "act", 7, 0, 0, 0)));

    @Test
    void encodesWorldModulesExactly() {
        assertThat(world.encode(MODULES)).isEqualTo(MODULES_FRAME);
    }

    @Test
    void directorDecodesWorldModulesFromText() throws ProtocolException {
        assertThat(director.decode(MODULES_FRAME)).isEqualTo(MODULES);
        assertThat(director.decode("{\"type\":\"world_modules\",\"worldId\":\"elements\",\"hooks\":[]}"))
                .isEqualTo(new WorldModulesMessage("elements", List.of()));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "{\"module\":\"Elementals\",\"hook\":\"wake\",\"calls\":1,\"errors\":0,\"seconds\":0,\"secondsPerTick\":0}",
            "{\"module\":\"el\\\"}\",\"hook\":\"wake\",\"calls\":1,\"errors\":0,\"seconds\":0,\"secondsPerTick\":0}",
            "{\"module\":\"a23456789012345678901234567890123\",\"hook\":\"wake\",\"calls\":1,\"errors\":0,"
                    + "\"seconds\":0,\"secondsPerTick\":0}",
            "{\"hook\":\"wake\",\"calls\":1,\"errors\":0,\"seconds\":0,\"secondsPerTick\":0}",
            "{\"module\":\"e\",\"hook\":\"tick\",\"calls\":1,\"errors\":0,\"seconds\":0,\"secondsPerTick\":0}",
            "{\"module\":\"e\",\"hook\":7,\"calls\":1,\"errors\":0,\"seconds\":0,\"secondsPerTick\":0}",
            "{\"module\":\"e\",\"hook\":\"wake\",\"calls\":-1,\"errors\":0,\"seconds\":0,\"secondsPerTick\":0}",
            "{\"module\":\"e\",\"hook\":\"wake\",\"calls\":1.5,\"errors\":0,\"seconds\":0,\"secondsPerTick\":0}",
            "{\"module\":\"e\",\"hook\":\"wake\",\"calls\":1,\"seconds\":0,\"secondsPerTick\":0}",
            "{\"module\":\"e\",\"hook\":\"wake\",\"calls\":1,\"errors\":0,\"seconds\":\"1\",\"secondsPerTick\":0}",
            "{\"module\":\"e\",\"hook\":\"wake\",\"calls\":1,\"errors\":0,\"seconds\":0,\"secondsPerTick\":-0.5}",
            "{\"module\":\"e\",\"hook\":\"wake\",\"calls\":1,\"errors\":0,\"seconds\":1e400,\"secondsPerTick\":0}",
            "{\"module\":\"e\",\"hook\":\"wake\",\"calls\":1,\"errors\":0,\"seconds\":0}",
            "[\"e\",\"wake\"]",
            "7"})
    void refusesAModuleHookThatIsNotOfTheContractsForm(String hook) {
        ProtocolException refused = catchThrowableOfType(ProtocolException.class, () -> director.decode(
                "{\"type\":\"world_modules\",\"worldId\":\"elements\",\"hooks\":[" + hook + "]}"));

        assertThat(refused).as(hook).isNotNull();
        assertThat(refused.code()).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(refused.getMessage()).startsWith("hooks[0]");
    }

    @Test
    void refusesTheSameModuleHookTwice() {
        String hook = "{\"module\":\"e\",\"hook\":\"wake\",\"calls\":1,\"errors\":0,\"seconds\":0,"
                + "\"secondsPerTick\":0}";

        ProtocolException refused = catchThrowableOfType(ProtocolException.class, () -> director.decode(
                "{\"type\":\"world_modules\",\"worldId\":\"elements\",\"hooks\":[" + hook + "," + hook + "]}"));

        assertThat(refused.code()).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(refused.getMessage()).isEqualTo("hooks[1] names the hook wake of e again");
    }

    @Test
    void acceptsEveryHookOfSixtyFourModulesAndNoMore() throws ProtocolException {
        List<WorldModulesMessage.HookStats> hooks = new ArrayList<>();
        for (int m = 0; m < WorldModulesMessage.MAX_MODULES; m++) {
            for (String hook : WorldModulesMessage.HOOK_NAMES) {
                hooks.add(new WorldModulesMessage.HookStats("m" + m, hook, 1, 0, 0.5, 0.001));
            }
        }
        WorldModulesMessage full = new WorldModulesMessage("elements", hooks);
        assertThat(director.decode(world.encode(full))).isEqualTo(full);

        List<WorldModulesMessage.HookStats> oneModuleMore = new ArrayList<>(hooks.subList(1, hooks.size()));
        oneModuleMore.add(new WorldModulesMessage.HookStats("extra", "wake", 1, 0, 0.5, 0.001));
        List<WorldModulesMessage.HookStats> oneHookMore = new ArrayList<>(hooks);
        oneHookMore.add(new WorldModulesMessage.HookStats("extra", "wake", 1, 0, 0.5, 0.001));
        assertThat(catchThrowableOfType(ProtocolException.class, () -> director.decode(world.encode(
                new WorldModulesMessage("elements", oneModuleMore)))))
                .hasMessage("hooks must name at most 64 modules");
        assertThat(catchThrowableOfType(ProtocolException.class, () -> director.decode(world.encode(
                new WorldModulesMessage("elements", oneHookMore)))))
                .hasMessage("hooks must list at most 384 module hooks");
    }

    @Test
    void refusesWorldModulesWithoutItsHooksAndOnlyTheDirectorReadsIt() {
        assertThat(catchThrowableOfType(ProtocolException.class, () -> director.decode(
                "{\"type\":\"world_modules\",\"worldId\":\"elements\"}"))).hasMessage("missing field hooks");
        assertThat(catchThrowableOfType(ProtocolException.class, () -> director.decode(
                "{\"type\":\"world_modules\",\"worldId\":\"elements\",\"hooks\":{}}")))
                .hasMessage("hooks must be an array");
        assertThat(catchThrowableOfType(ProtocolException.class, () -> world.decode(MODULES_FRAME)).code())
                .isEqualTo(ErrorCode.UNKNOWN_TYPE);
    }

    @Test
    void worldModulesKeepsItsOwnCopyOfTheHooks() {
        List<WorldModulesMessage.HookStats> hooks = new ArrayList<>(MODULES.hooks());
        WorldModulesMessage message = new WorldModulesMessage("elements", hooks);

        hooks.clear();

        assertThat(message.hooks()).hasSize(2);
    }
}
