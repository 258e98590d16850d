package io.collide4j.planner.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class JsonLinesServerTest {

    /** Adds two numbers; any other method is unknown. */
    static final RequestHandler ADDER = (method, params, context) -> {
        if (!method.equals("add")) {
            throw new RequestException(RequestException.METHOD_NOT_FOUND, "unknown method '" + method + "'");
        }
        if (!params.path("a").isNumber() || !params.path("b").isNumber()) {
            throw new RequestException(RequestException.INVALID_PARAMS, "a and b must be numbers");
        }
        return params.get("a").doubleValue() + params.get("b").doubleValue();
    };

    private static final ObjectMapper MAPPER = new ObjectMapper();

    static JsonNode parse(String line) {
        try {
            return MAPPER.readTree(line);
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + line, e);
        }
    }

    private static int errorCode(JsonNode response) {
        return response.path("error").path("code").asInt();
    }

    @Test
    void stdioAnswersEveryLineAndSurvivesBadOnes() {
        String huge = "{\"id\":9,\"method\":\"add\",\"params\":{\"pad\":\"" + "x".repeat(5000) + "\"}}";
        String input = String.join(
                        "\n",
                        "{\"id\":1,\"method\":\"add\",\"params\":{\"a\":2,\"b\":3.5}}",
                        "{not json",
                        "{\"id\":\"x\",\"method\":\"fly\"}",
                        "",
                        "[1,2]",
                        huge,
                        "{\"id\":2,\"method\":\"add\",\"params\":{\"a\":\"two\",\"b\":1}}",
                        "{\"id\":3,\"method\":\"add\",\"params\":{\"a\":-1,\"b\":1}}\r")
                + "\n";
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JsonLinesServer server = new JsonLinesServer(() -> ADDER, 1024);
        int answered = server.serve(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), out);
        List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(7, answered);
        assertEquals(7, lines.size());
        assertEquals(5.5, parse(lines.get(0)).get("result").doubleValue());
        assertEquals(1L, parse(lines.get(0)).get("id").longValue());
        assertEquals(RequestException.PARSE_ERROR, errorCode(parse(lines.get(1))));
        assertEquals(RequestException.METHOD_NOT_FOUND, errorCode(parse(lines.get(2))));
        assertEquals("x", parse(lines.get(2)).get("id").textValue());
        assertEquals(RequestException.INVALID_REQUEST, errorCode(parse(lines.get(3))));
        assertEquals(RequestException.REQUEST_TOO_LARGE, errorCode(parse(lines.get(4))));
        assertEquals(RequestException.INVALID_PARAMS, errorCode(parse(lines.get(5))));
        assertEquals(0.0, parse(lines.get(6)).get("result").doubleValue(), "CRLF line must still parse");
    }

    @Test
    void tcpServesConcurrentClientsOnLoopback() throws Exception {
        try (JsonLinesServer server = new JsonLinesServer(() -> ADDER, 1 << 16)) {
            int port = server.listen(0);
            Thread[] clients = new Thread[4];
            double[] sums = new double[clients.length];
            for (int c = 0; c < clients.length; c++) {
                int k = c;
                clients[c] = new Thread(() -> {
                    try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
                        OutputStream out = s.getOutputStream();
                        BufferedReader in =
                                new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
                        for (int i = 0; i < 50; i++) {
                            out.write(("{\"id\":" + i + ",\"method\":\"add\",\"params\":{\"a\":" + k + ",\"b\":" + i
                                            + "}}\n")
                                    .getBytes(StandardCharsets.UTF_8));
                            out.flush();
                            JsonNode r = parse(in.readLine());
                            assertEquals(i, r.get("id").intValue());
                            sums[k] += r.get("result").doubleValue();
                        }
                        out.write("garbage\n".getBytes(StandardCharsets.UTF_8));
                        out.flush();
                        assertTrue(parse(in.readLine()).has("error"));
                    } catch (Exception e) {
                        throw new AssertionError(e);
                    }
                });
                clients[c].start();
            }
            for (Thread t : clients) {
                t.join(30_000);
            }
            for (int k = 0; k < clients.length; k++) {
                assertEquals(50.0 * k + 49 * 50 / 2.0, sums[k], "client " + k);
            }
            assertEquals(clients.length * 51, server.requestsServed());
        }
    }
}
