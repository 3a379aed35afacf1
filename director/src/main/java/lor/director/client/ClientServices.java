package lor.director.client;

import java.util.concurrent.Executor;

import lor.director.DirectorMetrics;
import lor.director.account.AccountService;
import lor.director.account.LoginThrottle;
import lor.director.world.TicketIssuer;
import lor.director.world.WorldSupervisor;

/** What a client session needs from the rest of the director. */
public record ClientServices(AccountService accounts, WorldSupervisor worlds, Executor blocking,
                             DirectorMetrics metrics, TicketIssuer tickets, long joinTimeoutMs,
                             LoginThrottle loginThrottle) {
}
