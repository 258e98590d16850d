package io.collide4j.urdf.xacro;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The interpreter on its own, for what xacro's ${...} syntax cannot hold (a '}' ends the expression there) but
 * values read from YAML can reach: dict literals, str.format. Expected values are what Python 3 prints.
 */
class ExprEvalTest {
    static String eval(String expression) {
        Map<String, Object> g = Builtins.globals(null);
        Object v = ExprParser.parse(expression).eval(name -> {
            if (!g.containsKey(name)) {
                throw PyError.name(name);
            }
            return g.get(name);
        });
        return Py.str(v);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            value = {
                "`{'a': 1, 'b': [2.5]}`|{'a': 1, 'b': [2.5]}",
                "`{'a': 1}['a']`|1",
                "`{1: 'x', 1.0: 'y'}`|{1: 'y'}",
                "`'{}-{:.2f}'.format('a', 2.5)`|a-2.50",
                "`'{0}{0}{n}'.format('x', n=1)`|xx1",
                "`'[{:>5}]'.format('ab')`|[   ab]",
                "`'{:05.1f}'.format(-2.25)`|-02.2",
                "`'{:e}'.format(12345.678)`|1.234568e+04",
                "`'{:g}'.format(0.0001)`|0.0001",
                "`'{:g}'.format(1e-5)`|1e-05",
                "`'{:.3g}'.format(1234.5)`|1.23e+03",
                "`'{:%}'.format(0.25)`|25.000000%",
                "`'{!r}'.format('a')`|'a'",
                "`'%5.2f|%-4d|%s' % (3.14159, 7, [1])`|` 3.14|7   |[1]`",
                "`'%g' % 100000.0`|100000",
                "`'%g' % 1000000.0`|1e+06",
                "`'%x' % 255`|ff",
                "`'%(a)s' % {'a': 1}`|1",
                "`python.repr('it''s')`|'its'",
                "`python.repr(\"a'b\")`|`\"a'b\"`"
            })
    void matchesPython(String expression, String python) {
        assertEquals(python, eval(expression));
    }

    /** Formats Python would print differently or refuse are refused here, never left in the text or guessed. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            value = {
                "`'%c' % 65`|unsupported format character",
                "`'100%' % ()`|incomplete format",
                "`'%d %d' % (1,)`|not enough arguments",
                "`'%d' % (1, 2)`|not all arguments",
                "`'{:.3}'.format(100.0)`|precision but no type",
                "`'{:,}'.format(1000)`|thousands separator"
            })
    void refused(String expression, String message) {
        PyError e = org.junit.jupiter.api.Assertions.assertThrows(PyError.class, () -> eval(expression));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains(message), e.getMessage());
    }
}
