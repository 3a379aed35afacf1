package lor.testclient.jvm;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;

import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

import com.sun.tools.attach.VirtualMachine;

/**
 * The heap of another JVM of ours (the director, a world), read through its platform MXBean: the attach API starts
 * the process's local management agent, and JMX asks it for a full GC and its heap use after it. Used by the soak
 * (the director's heap over half an hour) and the fuzz test (heap growth under hostile input).
 */
public final class HeapProbe implements AutoCloseable {

    private final JMXConnector connector;
    private final MemoryMXBean memory;

    private HeapProbe(JMXConnector connector, MemoryMXBean memory) {
        this.connector = connector;
        this.memory = memory;
    }

    // JMX over the address the JVM we attached to just gave us, on this machine: no one else's input.
    @SuppressWarnings("BanJNDI")
    public static HeapProbe attach(long pid) throws Exception {
        VirtualMachine vm = VirtualMachine.attach(String.valueOf(pid));
        String address;
        try {
            address = vm.startLocalManagementAgent();
        } finally {
            vm.detach();
        }
        JMXConnector connector = JMXConnectorFactory.connect(new JMXServiceURL(address));
        MemoryMXBean memory = ManagementFactory.newPlatformMXBeanProxy(connector.getMBeanServerConnection(),
                ManagementFactory.MEMORY_MXBEAN_NAME, MemoryMXBean.class);
        return new HeapProbe(connector, memory);
    }

    /** Heap in use right after a full collection, in bytes. */
    public long usedAfterGc() {
        memory.gc();
        return memory.getHeapMemoryUsage().getUsed();
    }

    @Override
    public void close() throws IOException {
        connector.close();
    }
}
