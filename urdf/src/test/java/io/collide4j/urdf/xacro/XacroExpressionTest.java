package io.collide4j.urdf.xacro;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** ${...} expressions against what Python 3 prints for the same expression (values worked out by hand). */
class XacroExpressionTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            value = {
                "1/2|0.5",
                "7//2|3",
                "-7//2|-4",
                "-7 % 3|2",
                "7.5 % -2|-0.5",
                "-7.5 // 2|-4.0",
                "2**10|1024",
                "2**-1|0.5",
                "-2**2|-4",
                "2**3**2|512",
                "1e-5*1|1e-05",
                "1e16*1.0|1e+16",
                "1e15*1.0|1000000000000000.0",
                "0.1+0.2|0.30000000000000004",
                "1.0*3|3.0",
                "10/5|2.0",
                "True + 1|2",
                "1 == 1.0|True",
                "1 < 2 < 3|True",
                "1 < 3 < 2|False",
                "2 > 1 == 1|True",
                "`'a' if 0 else 'b'`|b",
                "`0 or 'x'`|x",
                "1 and 0|0",
                "`not ''`|True",
                "None is None|True",
                "3 not in [1, 2]|True",
                "`'a' in 'cat'`|True",
                "[1, 2, 3][-1]|3",
                "`'abc'[::-1]`|cba",
                "[1, 2, 3, 4][1:3]|[2, 3]",
                "(1,)|(1,)",
                "`dict(a=1, b=[2.5])`|{'a': 1, 'b': [2.5]}",
                "`dict(a=1)['a']`|1",
                "`len('abc')`|3",
                "`'x_y'.split('_')`|['x', 'y']",
                "`' a  b '.split()`|['a', 'b']",
                "`'%.3f' % pi`|3.142",
                "`'%s-%d' % ('a', 2.7)`|a-2",
                "math.radians(180)|3.141592653589793",
                "degrees(pi)|180.0",
                "radians(90)|1.5707963267948966",
                "round(2.5)|2",
                "round(3.5)|4",
                "round(0.125, 2)|0.12",
                "`int('42') + 1`|43",
                "`float('1e3')`|1000.0",
                "str(1.0)|1.0",
                "max(1, 2.5)|2.5",
                "min([3, 1, 2])|1",
                "python.sum([1, 2, 3])|6",
                "[x * 2 for x in range(3) if x]|[2, 4]",
                "python.abs(-3)|3",
                "math.floor(-0.5)|-1",
                "math.ceil(0.2)|1",
                "sqrt(16)|4.0",
                "pi|3.141592653589793",
                "math.atan2(1, 1)|0.7853981633974483",
                "cos(0)|1.0",
                "math.log(8, 2)|3.0",
                "`','.join(['a', 'b'])`|a,b",
                "`'abc'.upper()`|ABC",
                "`' x '.strip()`|x",
                "`'ab'.replace('a', 'c')`|cb",
                "`'ab'.startswith('a')`|True",
                "list(map(float, [1, 2]))|[1.0, 2.0]",
                "sorted([3, 1, 2])|[1, 2, 3]",
                "`dict(a=1)['a']`|1",
                "`dict(k=2).get('x', 7)`|7",
                "`python.zip([1], ['a'])`|[(1, 'a')]",
                "1e22*1e5|1e+27",
                "1e300*1e5|1.0000000000000001e+305",
                "1e300*1e10|inf",
                "-0.0|-0.0",
                "1 - 0.9|0.09999999999999998",
                "2.0**0.5|1.4142135623730951",
                "`xacro.tokenize('a,b c')`|['a', 'b', 'c']",
                "0x10 + 0o10 + 0b10|26",
                "1_000 + 1|1001",
                "`'a' 'b'`|ab",
                "2**53 + 1 == 2.0**53|False",
                "2**53 == 2.0**53|True",
                "2**53 + 1 > 2.0**53|True",
                "(2**62 + 1) / 3|1.5372286728091292e+18",
                "(2**60 + 1) / (2**60)|1.0",
                "-0.0 == 0|True"
            })
    void matchesPython(String expression, String python) {
        assertEquals(python, new XacroFixture(dir).value("${" + expression + "}"));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            value = {
                "$(arg x)|2",
                "$(eval 1 + x)|3",
                "`$(eval x * 2.5)`|5.0",
                "`$(eval name + '_link')`|arm_link",
                "`$(eval x == 2 and True)`|True",
                "$(optenv NOPE fallback text)|fallback text",
                "$(optenv HOME_X)|/home/x",
                "$(env HOME_X)/a|/home/x/a",
                "`${'$(arg name)' + '_' + str(int('$(arg x)') + 1)}`|arm_3",
                "$${x}|${x}",
                "$$(arg x)|$(arg x)",
                "a$b|a$b",
                "${xacro.arg('name')}|arm"
            })
    void substitutionArgs(String text, String expected) {
        assertEquals(expected, new XacroFixture(dir).value(text, Map.of("x", "2", "name", "arm")));
    }
}
