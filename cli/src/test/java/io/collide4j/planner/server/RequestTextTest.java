package io.collide4j.planner.server;

import static io.collide4j.planner.server.JsonLinesServerTest.parse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The bytes of a request line: ids come back exactly as sent or are refused (never altered by a decoder), and
 * malformed JSON is described in the protocol's words with its column, not Jackson's.
 */
class RequestTextTest {
    private static int code(String response) {
        return parse(response).path("error").path("code").asInt();
    }

    private static String message(String response) {
        return parse(response).path("error").path("message").asText();
    }

    private static void sendBytes(ServerTestClient c, byte[] line) throws Exception {
        OutputStream out = c.socket.getOutputStream();
        out.write(line);
        out.write('\n');
        out.flush();
    }

    private static byte[] concat(String a, byte[] middle, String b) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        o.writeBytes(a.getBytes(StandardCharsets.UTF_8));
        o.writeBytes(middle);
        o.writeBytes(b.getBytes(StandardCharsets.UTF_8));
        return o.toByteArray();
    }

    @Test
    void idsThatCannotComeBackExactlyAreRefusedAndOthersComeBackByteForByte() throws Exception {
        try (JsonLinesServer server = new JsonLinesServer(() -> JsonLinesServerTest.ADDER, ServerLimits.defaults());
                ServerTestClient c = new ServerTestClient(server.listen(0))) {
            String add = "\",\"method\":\"add\",\"params\":{\"a\":1,\"b\":2}}";
            // bytes that are not UTF-8 (a lone continuation byte, an overlong encoding) were decoded to U+FFFD
            for (byte[] bad : List.of(
                    new byte[] {(byte) 0x80}, new byte[] {(byte) 0xc0, (byte) 0xaf}, new byte[] {'a', (byte) 0xff})) {
                sendBytes(c, concat("{\"id\":\"", bad, add));
                String r = c.read();
                assertEquals(RequestException.PARSE_ERROR, code(r), r);
                assertTrue(message(r).contains("not UTF-8"), r);
                assertTrue(parse(r).get("id").isNull(), r);
            }
            // an unpaired surrogate has no UTF-8 form: it came back as '?'
            for (String escaped : List.of("\\ud800", "x\\udc00y", "\\ud800\\ud800")) {
                String r = c.ask("{\"id\":\"" + escaped + add);
                assertEquals(RequestException.INVALID_REQUEST, code(r), r);
                assertTrue(message(r).contains("unpaired"), r);
            }
            // a real U+FFFD, a pair (U+1F600, sent escaped and raw) and other text come back as sent
            for (String id : List.of("\uFFFD", "\uD83D\uDE00", "caf\u00e9", "")) {
                byte[] line = ("{\"id\":\"" + id + add).getBytes(StandardCharsets.UTF_8);
                sendBytes(c, line);
                String r = c.read();
                assertEquals(3.0, parse(r).path("result").asDouble(), r);
                assertEquals(id, parse(r).get("id").textValue());
            }
            String r = c.ask("{\"id\":\"\\ud83d\\ude00" + add);
            assertEquals("\uD83D\uDE00", parse(r).get("id").textValue(), r);
        }
    }

    @Test
    void malformedJsonIsDescribedInTheProtocolsWordsWithItsColumn() throws Exception {
        try (JsonLinesServer server = new JsonLinesServer(() -> JsonLinesServerTest.ADDER, ServerLimits.defaults());
                ServerTestClient c = new ServerTestClient(server.listen(0))) {
            record Case(String line, String says) {}
            for (Case k : List.of(
                    new Case(
                            "{\"id\":1,\"method\":\"add\",\"params\":{\"a\":NaN,\"b\":2}}",
                            "at column 38, params.a: NaN is not a JSON number"),
                    new Case(
                            "{\"id\":1,\"method\":\"add\",}",
                            "at column 24: unexpected '}': expected a key in double quotes"),
                    new Case(
                            "{\"id\":1,\"method\":\"add\"",
                            "malformed JSON at column 23: the text ends inside the object opened at line 1, column 1"),
                    new Case("{\"id\":1,\"method\":'add'}", "unexpected '''"),
                    new Case(
                            "{\"id\":1,\"method\":\"add\"]",
                            "unexpected ']': expected '}' to close the object opened at line 1, column 1"))) {
                String r = c.ask(k.line());
                assertEquals(RequestException.PARSE_ERROR, code(r), r);
                assertTrue(message(r).contains(k.says()), k.line() + " -> " + r);
                for (String jackson : List.of("JsonReadFeature", "Source:", "REDACTED", "`", "(code ")) {
                    assertFalse(message(r).contains(jackson), r);
                }
            }
            assertEquals(
                    3.0,
                    parse(c.ask("{\"id\":1,\"method\":\"add\",\"params\":{\"a\":1,\"b\":2}}"))
                            .path("result")
                            .asDouble(),
                    "the conversation goes on");
        }
    }
}
