package io.collide4j.urdf.xacro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One xacro feature per test: hand-written input, the output xacro writes for it (worked out from xacro's rules). */
class XacroFeaturesTest {
    @TempDir
    Path dir;

    private XacroFixture fx() {
        return new XacroFixture(dir);
    }

    @Test
    void propertiesAreLazyUnlessToldOtherwise() {
        String out = fx().robot("""
                  <xacro:property name="a" value="${b * 2}"/>
                  <xacro:property name="b" value="1"/>
                  <xacro:property name="fixed" value="${b}" lazy_eval="false"/>
                  <xacro:property name="b" value="5"/>
                  <x a="${a}" fixed="${fixed}" q="${'quoted'}"/>
                  <xacro:property name="s" value="'a b'"/>
                  <y t="${s + 'x'}"/>
                """);
        assertEquals("""
                <robot name="r">
                  <x a="10" fixed="1" q="quoted"/>
                  <y t="a bx"/>
                </robot>
                """, out);
    }

    @Test
    void anIntBeyond64BitsIsPrintedAsWrittenAndRefusedInArithmetic() {
        assertTrue(fx().robot("<xacro:property name=\"big\" value=\"123456789012345678901234\"/>\n<x v=\"${big}\"/>\n")
                .contains("<x v=\"123456789012345678901234\"/>"));
        XacroException e = org.junit.jupiter.api.Assertions.assertThrows(
                XacroException.class,
                () -> fx().robot(
                                "<xacro:property name=\"big\" value=\"123456789012345678901234\"/>\n<x v=\"${big + 1}\"/>\n"));
        assertTrue(e.getMessage().contains("TypeError"), e.getMessage());
    }

    @Test
    void propertyDefaultsAndRemove() {
        String out = fx().robot("""
                  <xacro:property name="a" value="1"/>
                  <xacro:property name="a" default="2"/>
                  <xacro:property name="b" default="3"/>
                  <x a="${a}" b="${b}"/>
                  <xacro:property name="a" remove="true"/>
                  <x gone="${'a' in python.dict()}"/>
                """);
        assertTrue(out.contains("<x a=\"1\" b=\"3\"/>"), out);
    }

    @Test
    void scopesParentAndGlobal() {
        String out = fx().robot("""
                  <xacro:macro name="inner">
                    <xacro:property name="p" value="from_inner" scope="parent"/>
                    <xacro:property name="g" value="global_${p}" scope="global"/>
                  </xacro:macro>
                  <xacro:macro name="outer">
                    <xacro:inner/>
                    <o p="${p}"/>
                  </xacro:macro>
                  <xacro:outer/>
                  <t g="${g}"/>
                """);
        assertEquals("""
                <robot name="r">
                  <o p="from_inner"/>
                  <t g="global_from_inner"/>
                </robot>
                """, out);
    }

    @Test
    void macroParametersDefaultsForwardingAndBlocks() {
        String out = fx().robot("""
                  <xacro:property name="prefix" value="left_"/>
                  <xacro:macro name="link" params="name prefix:=^ size:=1 color:=^|red *origin **extra">
                    <link name="${prefix}${name}" size="${size}" color="${color}">
                      <xacro:insert_block name="origin"/>
                      <xacro:insert_block name="extra"/>
                    </link>
                  </xacro:macro>
                  <xacro:link name="a" size="${2*3}">
                    <origin xyz="0 0 ${1/4}"/>
                    <extra><k/><m v="1"/></extra>
                  </xacro:link>
                """);
        assertEquals("""
                <robot name="r">
                  <link color="red" name="left_a" size="6">
                    <origin xyz="0 0 0.25"/>
                    <k/>
                    <m v="1"/>
                  </link>
                </robot>
                """, out);
    }

    @Test
    void recursiveMacroWithATerminatingCondition() {
        String out = fx().robot("""
                  <xacro:macro name="chain" params="i n">
                    <l i="${i}"/>
                    <xacro:if value="${i + 1 &lt; n}">
                      <xacro:chain i="${i + 1}" n="${n}"/>
                    </xacro:if>
                  </xacro:macro>
                  <xacro:chain i="0" n="3"/>
                """);
        assertEquals("""
                <robot name="r">
                  <l i="0"/>
                  <l i="1"/>
                  <l i="2"/>
                </robot>
                """, out);
    }

    @Test
    void conditionals() {
        String out = fx().robot("""
                  <xacro:if value="true"><a/></xacro:if>
                  <xacro:if value="1"><b/></xacro:if>
                  <xacro:if value="0"><c/></xacro:if>
                  <xacro:unless value="False"><d/></xacro:unless>
                  <xacro:if value="${3 > 2 and 'x' in 'xy'}"><e/></xacro:if>
                  <xacro:unless value="${[1]}"><f/></xacro:unless>
                """);
        assertEquals("""
                <robot name="r">
                  <a/>
                  <b/>
                  <d/>
                  <e/>
                </robot>
                """, out);
    }

    @Test
    void argumentsWithDefaultsAndOverrides() {
        String body = """
                  <xacro:arg name="type" default="ur5"/>
                  <xacro:arg name="ids" default="['a','b']"/>
                  <x t="$(arg type)" n="${len($(arg ids))}"/>
                """;
        assertTrue(fx().robot(body).contains("<x n=\"2\" t=\"ur5\"/>"));
        assertTrue(fx().robot(body, Map.of("type", "ur10e")).contains("<x n=\"2\" t=\"ur10e\"/>"));
    }

    @Test
    void includesRelativeFindGlobOptionalAndNamespaces() {
        XacroFixture fx = fx();
        fx.file(
                "parts/a.xacro",
                XacroFixture.HEAD + "<xacro:macro name=\"m\" params=\"v\"><fromA v=\"${v}\"/></xacro:macro>\n"
                        + "<xacro:property name=\"pa\" value=\"7\"/>\n" + XacroFixture.TAIL);
        fx.file("parts/b1.xacro", XacroFixture.HEAD + "<b1/>\n" + XacroFixture.TAIL);
        fx.file("parts/b2.xacro", XacroFixture.HEAD + "<b2/>\n" + XacroFixture.TAIL);
        fx.file("pkg/urdf/c.xacro", XacroFixture.HEAD + "<c d=\"$(dirname)\"/>\n" + XacroFixture.TAIL);
        String out = fx.robot("""
                  <xacro:include filename="parts/a.xacro" ns="A"/>
                  <xacro:A.m v="${A.pa}"/>
                  <xacro:include filename="parts/b*.xacro"/>
                  <xacro:include filename="$(find pkg)/urdf/c.xacro"/>
                  <xacro:include filename="parts/none.xacro" optional="true"/>
                """);
        assertEquals(
                "<robot name=\"r\">\n  <fromA v=\"7\"/>\n  <b1/>\n  <b2/>\n  <c d=\""
                        + dir.resolve("pkg/urdf").toAbsolutePath() + "\"/>\n</robot>\n",
                out);
    }

    @Test
    void elementAndAttribute() {
        String out = fx().robot("""
                  <xacro:property name="tag" value="joint"/>
                  <xacro:element xacro:name="${tag}" name="j">
                    <xacro:attribute name="type" value="${'fixed'}"/>
                  </xacro:element>
                """);
        assertEquals("""
                <robot name="r">
                  <joint name="j" type="fixed">
                  </joint>
                </robot>
                """, out);
    }

    @Test
    void commentsKeptExceptRightBeforeDirectivesAndEvaluatedWhenAsked() {
        String out = fx().robot("""
                  <!-- kept -->
                  <a/>
                  <!-- dropped: documents the property -->
                  <xacro:property name="p" value="3"/>
                  <!-- xacro:eval-comments -->
                  <!-- p is ${p} -->
                  <b/>
                  <!-- not evaluated ${p} -->
                """);
        assertEquals("""
                <robot name="r">
                  <!-- kept -->
                  <a/>
                  <!-- p is 3 -->
                  <b/>
                  <!-- not evaluated ${p} -->
                </robot>
                """, out);
    }

    @Test
    void loadYamlWithAngleTagsAndDottedAccess() {
        XacroFixture fx = fx();
        fx.file("j.yaml", """
                joints:
                  shoulder: {lower: !degrees -90, upper: !radians pi/4, flag: on, n: 1e3, f: 1.5}
                names: [a, b]
                """);
        String out = fx.robot("""
                  <xacro:property name="y" value="${xacro.load_yaml('j.yaml')}"/>
                  <x lo="${y.joints.shoulder.lower}" up="${y['joints']['shoulder'].upper}" on="${y.joints.shoulder.flag}"
                     n="${y.joints.shoulder.n}" f="${y.joints.shoulder.f * 2}" names="${y.names}"/>
                """);
        assertEquals("""
                <robot name="r">
                  <x f="3.0" lo="-1.5707963267948966" n="1e3" names="['a', 'b']" on="True" up="0.7853981633974483"/>
                </robot>
                """, out);
    }

    @Test
    void yamlFollowsPyYamlsYaml11Rules() {
        XacroFixture fx = fx();
        fx.file("t.yaml", """
                base: &b {mass: 1, size: 0.5}
                link: {<<: *b, mass: 2}
                values: [yes, off, ~, 0x1f, 017, 1.5e+3, 1.5e3, .inf, '1', 1_000, 12:30]
                """);
        String out = fx.robot("""
                  <xacro:property name="y" value="${xacro.load_yaml('t.yaml')}"/>
                  <x link="${y.link}" values="${y['values']}"/>
                """);
        assertEquals("""
                <robot name="r">
                  <x link="{'mass': 2, 'size': 0.5}" values="[True, False, None, 31, 15, 1500.0, '1.5e3', inf, '1', 1000, 750]"/>
                </robot>
                """, out);
    }

    @Test
    void dynamicCallAndPropertyBlocks() {
        String out = fx().robot("""
                  <xacro:property name="blk"><p1/><p2/></xacro:property>
                  <xacro:macro name="m1"><m1/></xacro:macro>
                  <xacro:call macro="${'m' + str(1)}"/>
                  <xacro:insert_block name="blk"/>
                """);
        assertEquals("""
                <robot name="r">
                  <m1/>
                  <p1/>
                  <p2/>
                </robot>
                """, out);
    }

    @Test
    void textIsEvaluatedAndAWarningIsReported() {
        XacroFixture fx = fx();
        String out = fx.robot("<t>${1+1} and ${xacro.warning('careful')}x</t>\n");
        assertEquals("<robot name=\"r\">\n  <t>2 and x</t>\n</robot>\n", out);
        assertEquals(1, fx.warnings.size());
        assertTrue(fx.warnings.get(0).startsWith("careful"), fx.warnings.toString());
        XacroFixture fy = fx();
        String located = fy.robot(
                "<xacro:macro name=\"m\"><t v=\"${xacro.print_location()}${xacro.message('note', print_location=False)}\"/></xacro:macro>\n<xacro:m/>\n");
        assertEquals("<robot name=\"r\">\n  <t v=\"\"/>\n</robot>\n", located);
        assertEquals(2, fy.warnings.size(), fy.warnings.toString());
        assertTrue(
                fy.warnings.get(0).contains("when instantiating macro: m")
                        && fy.warnings.get(0).contains("in file: robot.urdf.xacro"),
                fy.warnings.get(0));
        assertEquals("note", fy.warnings.get(1));
    }

    @Test
    void namespacesCdataInstructionsAndEscapesAreKept() {
        XacroFixture fx = fx();
        fx.file(
                "g.xacro",
                "<robot xmlns:xacro=\"http://www.ros.org/wiki/xacro\" xmlns:gz=\"http://gz\"><gz:plugin/></robot>\n");
        fx.file(
                "t.xacro",
                "<?xml version=\"1.0\"?>\n<!-- top comment -->\n<robot name=\"r\" xmlns:xacro=\"http://www.ros.org/wiki/xacro\""
                        + " xacro:targetNamespace=\"http://example.org/ns\">\n"
                        + "  <xacro:include filename=\"g.xacro\"/>\n  <?tool keep this?>\n  <c><![CDATA[a < ${b}]]></c>\n"
                        + "  <e v=\"${'&lt;&amp;&quot;&gt;'}\"/>\n</robot>\n");
        String out = fx.xacro(Map.of()).expand(Path.of("t.xacro"));
        assertEquals(
                List.of(
                        "<!-- top comment -->",
                        "<robot name=\"r\" xmlns=\"http://example.org/ns\" xmlns:gz=\"http://gz\">",
                        "  <gz:plugin/>",
                        "  <?tool keep this?>",
                        "  <c>",
                        "<![CDATA[a < ${b}]]>  </c>",
                        "  <e v=\"&lt;&amp;&quot;&gt;\"/>",
                        "</robot>"),
                out.lines().skip(5).toList());
    }

    @Test
    void aUrdfParserExpandsXacroFilesAndRefusesUnexpandedXacroInAUrdf() {
        XacroFixture fx = fx();
        String body = "<xacro:property name=\"l\" value=\"0.5\"/>\n"
                + "<link name=\"base\"><collision><geometry><box size=\"${l} ${l*2} 1\"/></geometry></collision></link>\n";
        Path xacro = fx.file("box.urdf.xacro", XacroFixture.HEAD + body + XacroFixture.TAIL);
        io.collide4j.urdf.RobotDescription r =
                io.collide4j.urdf.UrdfParser.create().parse(xacro);
        assertEquals(
                List.of("base"),
                r.links().stream().map(io.collide4j.urdf.LinkDescription::name).toList());
        assertTrue(r.urdfText().contains("<box size=\"0.5 1.0 1\"/>"), r.urdfText());
        Path urdf = fx.file("box.urdf", XacroFixture.HEAD + body + XacroFixture.TAIL);
        io.collide4j.urdf.UrdfException e = org.junit.jupiter.api.Assertions.assertThrows(
                io.collide4j.urdf.UrdfException.class,
                () -> io.collide4j.urdf.UrdfParser.create().parse(urdf));
        assertTrue(e.getMessage().contains("xacro markup in a URDF") && e.line() == 3, e.getMessage());
    }

    @Test
    void bannerNamesTheInputAsGiven() {
        XacroFixture fx = fx();
        fx.file("d/r.xacro", XacroFixture.HEAD + XacroFixture.TAIL);
        String out = fx.xacro(Map.of()).expand(Path.of("d/r.xacro"));
        assertEquals(
                List.of(
                        "<?xml version=\"1.0\" ?>",
                        "<!-- " + "=".repeat(83) + " -->",
                        "<!-- |    This document was autogenerated by xacro from d/r.xacro                      | -->",
                        "<!-- |    EDITING THIS FILE BY HAND IS NOT RECOMMENDED                                 | -->",
                        "<!-- " + "=".repeat(83) + " -->",
                        "<robot name=\"r\">",
                        "</robot>"),
                out.lines().toList());
    }
}
