package lor.director.world.process;

import java.io.InputStream;
import java.io.OutputStream;

/**
 * A world process that is not this JVM's child (one taken back from an earlier director, a GameServer on a cluster):
 * nothing to write to and nothing to read, its output went elsewhere (the earlier director, the pod's log).
 */
public abstract class UnpipedProcess extends Process {

    @Override
    public OutputStream getOutputStream() {
        return OutputStream.nullOutputStream();
    }

    @Override
    public InputStream getInputStream() {
        return InputStream.nullInputStream();
    }

    @Override
    public InputStream getErrorStream() {
        return InputStream.nullInputStream();
    }
}
