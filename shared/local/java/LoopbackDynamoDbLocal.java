import java.io.InputStream;
import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * Starts DynamoDB Local as its own ServerRunner would, with two differences the
 * local stack needs (shared/local/dynamodb-local.ts):
 *  - it listens on 127.0.0.1 only: DynamoDB Local has no host option and binds
 *    every interface, so its Jetty connector is given the loopback host before
 *    the server starts;
 *  - it exits when its parent does: the parent holds this process's stdin, and
 *    the end of stdin (the parent exited, even by kill -9) stops it.
 */
public final class LoopbackDynamoDbLocal {
  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field serverField = DynamoDBProxyServer.class.getDeclaredField("server");
    serverField.setAccessible(true);
    Server server = (Server) serverField.get(proxy);
    for (Connector connector : server.getConnectors()) {
      if (!(connector instanceof ServerConnector)) throw new IllegalStateException("unexpected connector " + connector);
      ((ServerConnector) connector).setHost("127.0.0.1");
    }
    proxy.start();
    System.out.println("DynamoDB Local listening on 127.0.0.1");
    InputStream parent = System.in;
    while (parent.read() != -1) {
      // Nothing is sent; reading only waits for the parent to go away.
    }
    proxy.stop();
    System.exit(0);
  }
}
