package io.github.scru128.pg;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;

/**
 * pgjdbc connects over TCP only (a Unix-domain socket needs a third-party socket factory), and the
 * test servers listen on a socket directory: when PGHOST is one, this forwards a loopback port to
 * the server's socket, for the test's connections. Each connection gets two threads that copy
 * bytes each way; the channel is read and written directly (not through Channels' streams, which
 * would serialize the two directions on one lock).
 */
final class UnixSocketBridge implements AutoCloseable {
  private final ServerSocket listener;
  private final String hostAndPort;

  private UnixSocketBridge(ServerSocket listener, String hostAndPort) {
    this.listener = listener;
    this.hostAndPort = hostAndPort;
  }

  static UnixSocketBridge forEnvironment() throws IOException {
    String host = System.getenv().getOrDefault("PGHOST", "localhost");
    String port = System.getenv().getOrDefault("PGPORT", "5432");
    if (!host.startsWith("/")) {
      return new UnixSocketBridge(null, host + ":" + port);
    }
    UnixDomainSocketAddress target = UnixDomainSocketAddress.of(Path.of(host, ".s.PGSQL." + port));
    ServerSocket listener = new ServerSocket();
    listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    Thread acceptor =
        new Thread(
            () -> {
              while (!listener.isClosed()) {
                try {
                  Socket client = listener.accept();
                  SocketChannel server = SocketChannel.open(StandardProtocolFamily.UNIX);
                  server.connect(target);
                  start(() -> toServer(client, server));
                  start(() -> toClient(server, client));
                } catch (IOException e) {
                  // the listener was closed, or the server refused: the client sees a closed socket
                }
              }
            });
    acceptor.setDaemon(true);
    acceptor.start();
    return new UnixSocketBridge(
        listener, listener.getInetAddress().getHostAddress() + ":" + listener.getLocalPort());
  }

  private interface Pump {
    void run() throws IOException;
  }

  private static void start(Pump pump) {
    Thread t =
        new Thread(
            () -> {
              try {
                pump.run();
              } catch (IOException e) {
                // one side went away; closing below ends the other direction too
              }
            });
    t.setDaemon(true);
    t.start();
  }

  private static void toServer(Socket client, SocketChannel server) throws IOException {
    byte[] buf = new byte[65536];
    try (InputStream in = client.getInputStream()) {
      for (int n; (n = in.read(buf)) > 0; ) {
        ByteBuffer bb = ByteBuffer.wrap(buf, 0, n);
        while (bb.hasRemaining()) {
          server.write(bb);
        }
      }
    } finally {
      server.close();
      client.close();
    }
  }

  private static void toClient(SocketChannel server, Socket client) throws IOException {
    ByteBuffer bb = ByteBuffer.allocate(65536);
    try (OutputStream out = client.getOutputStream()) {
      while (server.read(bb) > 0) {
        out.write(bb.array(), 0, bb.position());
        out.flush();
        bb.clear();
      }
    } finally {
      server.close();
      client.close();
    }
  }

  /** host:port for a JDBC URL. */
  String hostAndPort() {
    return hostAndPort;
  }

  @Override
  public void close() throws IOException {
    if (listener != null) {
      listener.close();
    }
  }
}
