package lor.director.control;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import lor.director.world.ControlChannel;
import lor.director.world.RegistrationRefusedException;
import lor.director.world.WorldSupervisor;
import lor.protocol.ErrorCode;
import lor.protocol.ErrorMessage;
import lor.protocol.Message;
import lor.protocol.MessageCodec;
import lor.protocol.ProtocolException;
import lor.protocol.control.ControlMessages;
import lor.protocol.control.PlayerJoinedMessage;
import lor.protocol.control.PlayerLeftMessage;
import lor.protocol.control.PlayerRosterMessage;
import lor.protocol.control.PortalTransferMessage;
import lor.protocol.control.ShutdownAckMessage;
import lor.protocol.control.SnapshotAckMessage;
import lor.protocol.control.SpareRegisterMessage;
import lor.protocol.control.WorldHeartbeatMessage;
import lor.protocol.control.WorldLoadMessage;
import lor.protocol.control.WorldReadyMessage;
import lor.protocol.control.WorldRegisterMessage;
import lor.protocol.control.WorldSnapshotMessage;
import lor.protocol.control.WorldStatusMessage;
import lor.protocol.log.LogRate;
import lor.protocol.netty.FrameRateLimiter;
import lor.protocol.netty.MessageFrames;
import lor.protocol.netty.OversizeClosingFrameAggregator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The director's end of one world process's control connection. Until {@code world_register} succeeds nothing else
 * is accepted and messages are limited to client size; once registered, the connection is bound to that world and
 * accepts snapshots up to the configured limit.
 */
public final class ControlSessionHandler extends SimpleChannelInboundHandler<WebSocketFrame>
        implements ControlChannel {

    private static final Logger LOG = LoggerFactory.getLogger(ControlSessionHandler.class);
    /** Anyone who can reach the port can send bad frames: they are reported, not each logged. */
    private static final LogRate BAD_FRAMES = new LogRate();

    private final WorldSupervisor supervisor;
    private final MessageCodec codec = ControlMessages.directorCodec();
    private final int maxSnapshotBytes;
    private final long portalTimeoutMs;
    private Channel channel;
    private String worldId;
    /** A warm spare: it waits for a world, then registers as that world on this connection. */
    private boolean spare;
    /** A registration is being decided; reading is paused meanwhile. */
    private boolean registering;

    public ControlSessionHandler(WorldSupervisor supervisor, int maxSnapshotBytes, long portalTimeoutMs) {
        this.supervisor = supervisor;
        this.maxSnapshotBytes = maxSnapshotBytes;
        this.portalTimeoutMs = portalTimeoutMs;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        channel = ctx.channel();
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, WebSocketFrame frame) {
        // Only data frames get here (the protocol handler keeps the control frames); the channel speaks JSON text,
        // and a binary frame left to the pipeline's tail would be dropped without the peer ever hearing why.
        if (!(frame instanceof TextWebSocketFrame text)) {
            long reported = BAD_FRAMES.occurred();
            if (reported > 0) {
                LOG.warn("binary control message from {} ({} bad messages since the last report)", describe(),
                        reported);
            }
            refuse(ErrorCode.BAD_REQUEST, "only text frames are accepted");
            return;
        }
        Message message;
        try {
            message = codec.decode(text.text());
        } catch (ProtocolException e) {
            long reported = BAD_FRAMES.occurred();
            if (reported > 0) {
                LOG.warn("unreadable control message from {}: {} ({} bad messages since the last report)",
                        describe(), e.getMessage(), reported);
            }
            refuse(e.code(), e.getMessage());
            return;
        }
        if (registering) {
            refuse(ErrorCode.NOT_ALLOWED, "wait for the registration's answer");
            return;
        }
        if (worldId == null) {
            if (message instanceof WorldRegisterMessage register) {
                // From a spare, only once it has been assigned this world: the spawn token says so.
                register(ctx, register);
            } else if (message instanceof SpareRegisterMessage spareRegister && !spare) {
                try {
                    supervisor.onSpareRegister(this, spareRegister);
                    spare = true;
                    FrameRateLimiter.lift(ctx.pipeline(), ControlEndpoint.FRAME_LIMIT);
                } catch (RegistrationRefusedException e) {
                    refuse(ErrorCode.NOT_ALLOWED, "registration refused: " + e.getMessage());
                }
            } else {
                refuse(ErrorCode.NOT_AUTHENTICATED, spare ? "a spare registers only as its assigned world"
                        : "register first");
            }
            return;
        }
        if (message instanceof WorldSnapshotMessage snapshot) {
            supervisor.onSnapshot(this, worldId, snapshot).whenComplete((ignored, error) -> {
                if (error == null) {
                    send(new SnapshotAckMessage(snapshot.worldId(), snapshot.seq()));
                }
            });
        } else if (message instanceof WorldHeartbeatMessage heartbeat) {
            supervisor.onHeartbeat(this, heartbeat);
        } else if (message instanceof WorldStatusMessage status) {
            supervisor.onStatus(this, status);
        } else if (message instanceof WorldLoadMessage load) {
            supervisor.onLoad(this, load);
        } else if (message instanceof WorldReadyMessage ready) {
            supervisor.onReady(this, ready);
        } else if (message instanceof ShutdownAckMessage ack) {
            supervisor.onShutdownAck(this, ack);
        } else if (message instanceof PortalTransferMessage transfer) {
            supervisor.onPortalTransfer(worldId, transfer, portalTimeoutMs).thenAccept(this::send);
        } else if (message instanceof PlayerJoinedMessage joined) {
            supervisor.onPlayerJoined(this, joined);
        } else if (message instanceof PlayerLeftMessage left) {
            supervisor.onPlayerLeft(this, left);
        } else if (message instanceof PlayerRosterMessage roster) {
            supervisor.onPlayerRoster(this, roster);
        } else if (message instanceof WorldRegisterMessage) {
            send(ErrorMessage.of(ErrorCode.NOT_ALLOWED, "already registered", null));
        }
    }

    private void register(ChannelHandlerContext ctx, WorldRegisterMessage register) {
        // Nothing more is read until the registration is decided (a world this director did not start is looked up
        // in the database first): the world sends nothing before it is answered, and nothing may overtake that.
        ctx.channel().config().setAutoRead(false);
        registering = true;
        supervisor.onRegister(this, register).whenComplete((ignored, error) -> {
            if (ctx.executor().inEventLoop()) {
                registered(ctx, register, error);
            } else {
                ctx.executor().execute(() -> registered(ctx, register, error));
            }
        });
    }

    private void registered(ChannelHandlerContext ctx, WorldRegisterMessage register, Throwable error) {
        registering = false;
        ctx.channel().config().setAutoRead(true);
        if (error != null) {
            Throwable cause = error.getCause() != null && !(error instanceof RegistrationRefusedException)
                    ? error.getCause() : error;
            if (cause instanceof RegistrationRefusedException refused) {
                refuse(refused.retryable() ? ErrorCode.UNAVAILABLE : ErrorCode.NOT_ALLOWED,
                        "registration refused: " + refused.getMessage());
            } else {
                LOG.error("registration of world {} failed", register.worldId(), cause);
                refuse(ErrorCode.UNAVAILABLE, "registration failed; try again");
            }
            return;
        }
        worldId = register.worldId();
        if (!ctx.channel().isActive()) {
            // Closed while the registration was decided: its close was not reported for a world then.
            supervisor.onControlClosed(this, worldId);
            return;
        }
        // Frames after this one are read with the new limit; the world sends nothing before it is answered.
        ctx.pipeline().replace(ControlEndpoint.FRAME_AGGREGATOR, ControlEndpoint.FRAME_AGGREGATOR,
                new OversizeClosingFrameAggregator(maxSnapshotBytes));
        // Its spawn token proved it ours: its snapshots, beats and status are not counted against a flood budget.
        FrameRateLimiter.lift(ctx.pipeline(), ControlEndpoint.FRAME_LIMIT);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (worldId != null) {
            supervisor.onControlClosed(this, worldId);
        } else if (spare) {
            supervisor.onSpareClosed(this);
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (MessageFrames.isExpectedFailure(cause)) {
            LOG.debug("control connection of {} closed: {}", describe(), cause.toString());
        } else {
            LOG.warn("control connection of {} failed", describe(), cause);
        }
        ctx.close();
    }

    @Override
    public void send(Message message) {
        MessageFrames.writeText(channel, codec.encode(message));
    }

    @Override
    public void close() {
        channel.close();
    }

    @Override
    public void release(String reason) {
        refuse(ErrorCode.UNAVAILABLE, reason);
    }

    @Override
    public boolean isOpen() {
        return channel.isActive();
    }

    private void refuse(ErrorCode code, String reason) {
        MessageFrames.closeWithError(channel, codec, ErrorMessage.of(code, reason, null));
    }

    private String describe() {
        return worldId == null ? String.valueOf(channel.remoteAddress()) : "world " + worldId;
    }
}
