package lor.director.client;

import java.util.concurrent.Executor;

import lor.director.DirectorMetrics;
import lor.director.account.AccountService;
import lor.director.account.LoginThrottle;
import lor.director.db.DatabaseOutages;
import lor.director.world.WorldSupervisor;
import lor.director.world.admission.Admissions;

/**
 * What a client session needs from the rest of the director. {@code passwordWork} runs what hashes a password
 * (register, login); {@code blocking} runs the rest of the blocking work (database, process start);
 * {@code admissions} lets players into worlds, wherever the worlds run.
 */
public record ClientServices(AccountService accounts, WorldSupervisor worlds, Executor blocking, Executor passwordWork,
                             DirectorMetrics metrics, Admissions admissions, long joinTimeoutMs,
                             LoginThrottle loginThrottle, DatabaseOutages outages) {
}
