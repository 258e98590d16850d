package io.collide4j.planner.server;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** A line-oriented test client on 127.0.0.1; reads time out after 10 s so that a broken server fails, not hangs. */
final class ServerTestClient implements AutoCloseable {
    final Socket socket;
    private final OutputStream out;
    private final BufferedReader in;

    ServerTestClient(int port) throws IOException {
        socket = new Socket(InetAddress.getLoopbackAddress(), port);
        socket.setSoTimeout(10_000);
        out = socket.getOutputStream();
        in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
    }

    void send(String line) throws IOException {
        out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /** The next response line, or null when the server closed the connection. */
    String read() throws IOException {
        return in.readLine();
    }

    String ask(String line) throws IOException {
        send(line);
        return read();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
