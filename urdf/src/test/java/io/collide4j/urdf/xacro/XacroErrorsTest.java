package io.collide4j.urdf.xacro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.urdf.DescriptionException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every refusal: a XacroException (bad input) naming the file, the line of the element and the name involved. */
class XacroErrorsTest {
    @TempDir
    Path dir;

    private XacroException fails(String body) {
        XacroFixture fx = new XacroFixture(dir);
        return assertThrows(XacroException.class, () -> fx.robot(body));
    }

    private static void mentions(XacroException e, String... parts) {
        for (String p : parts) {
            assertTrue(e.getMessage().contains(p), () -> "'" + p + "' not in: " + e.getMessage());
        }
    }

    /** Each body's offending element is on line 3 of robot.urdf.xacro (the head takes two lines). */
    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            value = {
                "undefined property|<a v=\"${nope + 1}\"/>|NameError: name 'nope' is not defined",
                "undefined argument|<a v=\"$(arg nope)\"/>|Undefined substitution argument nope",
                "lambda is outside the subset|<a v=\"${(lambda x: x)(1)}\"/>|lambda (outside the Python subset",
                "dunder names|<a v=\"${__import__('os')}\"/>|invalid name(s): __import__",
                "syntax|<a v=\"${1 +}\"/>|SyntaxError",
                "division by zero|<a v=\"${1/0}\"/>|ZeroDivisionError: division by zero",
                "math domain|<a v=\"${sqrt(-1)}\"/>|ValueError: math domain error",
                "int overflow is refused, not wrapped|<a v=\"${2**64}\"/>|integer result beyond 64 bits",
                "unknown macro|<xacro:nope/>|unknown macro name: xacro:nope",
                "not a boolean|<xacro:if value=\"yes\"><a/></xacro:if>|evaluated to \"yes\", which is not a boolean expression",
                "unknown package|<a v=\"$(find nope)\"/>|package 'nope' not found",
                "unset environment variable|<a v=\"$(env NOPE_X)\"/>|environment variable 'NOPE_X' is not set",
                "unknown substitution|<a v=\"$(what x)\"/>|Unknown substitution command [what x]",
                "missing include|<xacro:include filename=\"none.xacro\"/>|No such file or directory: none.xacro",
                "undefined block|<xacro:insert_block name=\"b\"/>|Undefined block \"b\"",
                "unterminated expression|<a v=\"${1\"/>|invalid expression: ${1",
                "invalid property name|<xacro:property name=\"for\" value=\"1\"/>|Property names must be valid python identifiers: for",
                "missing attribute|<xacro:property value=\"1\"/>|xacro:property: missing attribute 'name'",
                "repetition count near 2^63 does not wrap around to an empty string|<a v=\"${'abcd' * 2**62}\"/>|sequence repetition longer than 10^7",
                "yaml file missing|<a v=\"${xacro.load_yaml('none.yaml')}\"/>|No such file or directory: 'none.yaml'"
            })
    void refusedWithFileLineAndName(String what, String body, String message) {
        XacroException e = fails(body + "\n");
        mentions(e, message);
        assertEquals("robot.urdf.xacro", e.source());
        assertEquals(3, e.line(), e.getMessage());
    }

    @Test
    void macroCallErrorsNameTheMacroAndTheCall() {
        String macro = "<xacro:macro name=\"m\" params=\"a *b\"><x a=\"${a}\"/></xacro:macro>\n";
        mentions(fails(macro + "<xacro:m/>\n"), "Not enough blocks", "'m'");
        mentions(fails(macro + "<xacro:m a=\"1\" c=\"2\"><b/></xacro:m>\n"), "Invalid parameter \"c\"", "'m'");
        mentions(fails(macro + "<xacro:m><b/></xacro:m>\n"), "Undefined parameters [a]", "'m'");
        mentions(fails(macro + "<xacro:m a=\"1\"><b/><c/></xacro:m>\n"), "Unused block \"c\"");
        mentions(fails("<xacro:macro name=\"f\" params=\"p:=^\"/>\n<xacro:f/>\n"), "Undefined property to forward: p");
    }

    @Test
    void errorInsideAMacroBodyNamesTheBodyLineAndTheCall() {
        XacroException e = fails("""
                <xacro:macro name="m" params="v">
                  <x a="${v + undefined_q}"/>
                </xacro:macro>
                <xacro:m v="1"/>
                """);
        assertEquals(4, e.line());
        mentions(e, "undefined_q", "when instantiating macro: m", "called at line 6");
    }

    @Test
    void aTagOverSeveralLinesIsReportedAtItsFirstLine() {
        XacroException e = fails("<a\n   x=\"1\"\n   v=\"${nope}\"/>\n");
        assertEquals(3, e.line(), e.getMessage());
        e = fails("<b/><c/>\n<xacro:macro name=\"m\" params=\"p\"/>\n<xacro:m\n  p=\"1\"\n  q=\"2\"/>\n");
        assertEquals(5, e.line(), e.getMessage());
    }

    @Test
    void infiniteRecursionIsReported() {
        XacroException e = fails(
                "<xacro:macro name=\"loop\" params=\"i\"><xacro:loop i=\"${i+1}\"/></xacro:macro>\n<xacro:loop i=\"0\"/>\n");
        mentions(e, "infinite recursion", "macro 'loop'", String.valueOf(Processor.MAX_MACRO_DEPTH));
    }

    @Test
    void includeLoopIsReportedWithTheChain() {
        XacroFixture fx = new XacroFixture(dir);
        fx.file("a.xacro", XacroFixture.HEAD + "<xacro:include filename=\"b.xacro\"/>\n" + XacroFixture.TAIL);
        fx.file("b.xacro", XacroFixture.HEAD + "<xacro:include filename=\"a.xacro\"/>\n" + XacroFixture.TAIL);
        XacroException e =
                assertThrows(XacroException.class, () -> fx.xacro(Map.of()).expand(Path.of("a.xacro")));
        mentions(e, "include loop: a.xacro -> b.xacro -> a.xacro");
        assertEquals("b.xacro", e.source());
        assertEquals(3, e.line());
    }

    @Test
    void circularLazyPropertiesAreReported() {
        mentions(fails("""
                <xacro:property name="a" value="${b}"/>
                <xacro:property name="b" value="${a}"/>
                <x v="${a}"/>
                """), "circular variable definition: a -> b -> a");
    }

    @Test
    void malformedXmlIsADescriptionErrorWithLine() {
        XacroFixture fx = new XacroFixture(dir);
        fx.file("bad.xacro", "<robot>\n<a>\n</robot>\n");
        DescriptionException e = assertThrows(
                DescriptionException.class, () -> fx.xacro(Map.of()).expand(Path.of("bad.xacro")));
        assertEquals(3, e.line());
    }

    @Test
    void aMissingTopFileNamesIt() {
        XacroException e = assertThrows(
                XacroException.class,
                () -> new XacroFixture(dir).xacro(Map.of()).expand(Path.of("none.urdf.xacro")));
        mentions(e, "No such file or directory: none.urdf.xacro");
    }

    @Test
    void deeplyNestedExpressionsAreARecursionErrorWithTheLine() {
        // far deeper than any stack the JVM gives a thread: the parser overflows and must report, not crash
        int depth = 200_000;
        for (String expression : new String[] {
            "(".repeat(depth) + "1" + ")".repeat(depth), "-".repeat(depth) + "1", "not ".repeat(depth) + "1"
        }) {
            XacroException e = fails("<a v=\"${" + expression + "}\"/>\n");
            mentions(e, "RecursionError: expression nested too deeply");
            assertEquals(3, e.line(), e.getMessage());
            assertTrue(e.getMessage().length() < 1000, "the message quotes the expression shortened");
        }
        XacroException e = fails("<a v=\"$(eval " + "(".repeat(depth) + "1" + ")".repeat(depth) + ")\"/>\n");
        mentions(e, "RecursionError");
        assertEquals(3, e.line(), e.getMessage());
    }

    @Test
    void doublingPropertiesAreRefusedBeforeTheHeapIsExhausted() {
        // each property is 8 times the previous one: p9 would be 2 * 8^9 = 268 million characters
        StringBuilder body = new StringBuilder("<xacro:property name=\"p0\" value=\"ab\"/>\n");
        for (int i = 1; i <= 9; i++) {
            String p = "p" + (i - 1);
            body.append("<xacro:property name=\"p")
                    .append(i)
                    .append("\" value=\"${")
                    .append(String.join("+", java.util.Collections.nCopies(8, p)))
                    .append("}\"/>\n");
        }
        body.append("<a v=\"${len(p9)}\"/>\n");
        XacroException e = fails(body.toString());
        mentions(e, "string concatenation longer than 10^7");
        assertEquals(13, e.line(), e.getMessage()); // the line that uses p9
        mentions(fails("<a v=\"${[0] * 6000000 + [1] * 6000000}\"/>\n"), "list concatenation longer than 10^7");
    }

    @Test
    void exponentialMacroFanOutIsRefusedInsteadOfRunningForHours() {
        // m_k calls m_(k-1) four times: m15 would make 4^15 (a billion) elements (each group in its own <g>, as
        // inserting into one flat parent is quadratic and would make the test slow before the cap)
        StringBuilder body = new StringBuilder("<xacro:macro name=\"m0\"><a/></xacro:macro>\n");
        for (int k = 1; k <= 15; k++) {
            body.append("<xacro:macro name=\"m")
                    .append(k)
                    .append("\">")
                    .append("<g>")
                    .append(("<xacro:m" + (k - 1) + "/>").repeat(4))
                    .append("</g></xacro:macro>\n");
        }
        body.append("<xacro:m15/>\n");
        XacroException e = fails(body.toString());
        mentions(e, "expansion too large: more than " + ExpansionState.MAX_COPIED_NODES + " XML nodes");
        assertEquals("robot.urdf.xacro", e.source());
    }
}
