/**
 * A xacro processor without Python or ROS: {@link io.collide4j.urdf.xacro.Xacro} expands a {@code .xacro} file
 * into the XML text ros/xacro 2.0.x writes (checked byte for byte against the real xacro's output on real
 * descriptions).
 * <p>Glossary:
 * <ul>
 * <li><b>property</b>: {@code <xacro:property name= value=>}, read as {@code ${name}}; <b>lazy</b> (default) keeps
 *     the text and evaluates it on first read; {@code scope="parent"|"global"} stores it in the caller's or the top
 *     table ({@link io.collide4j.urdf.xacro.Symbols}); a <b>property block</b> has content instead of a value.</li>
 * <li><b>macro</b>: {@code <xacro:macro name= params=>}; parameters {@code p}, {@code p:=default}, {@code p:=^}
 *     (the caller's property), {@code *block} (one element), {@code **block} (an element's content), inserted with
 *     {@code xacro:insert_block} ({@link io.collide4j.urdf.xacro.Macro}).</li>
 * <li><b>expression</b>: {@code ${...}}, a Python expression read by our own interpreter
 *     ({@link io.collide4j.urdf.xacro.ExprParser}, {@link io.collide4j.urdf.xacro.Expr}); values follow Python's
 *     rules ({@link io.collide4j.urdf.xacro.Py}); a float prints as Python's repr
 *     ({@link io.collide4j.urdf.xacro.PyFloats}).</li>
 * <li><b>substitution arg</b>: {@code $(arg x)}, {@code $(find pkg)}, {@code $(env X)}, {@code $(optenv X d)},
 *     {@code $(dirname)}, {@code $(eval ...)} ({@link io.collide4j.urdf.xacro.SubstitutionArgs}); {@code find}
 *     resolves like {@code package://} ({@link io.collide4j.urdf.xacro.PackageFinder}).</li>
 * <li><b>argument</b>: {@code name:=value} given by the caller, or the default of {@code <xacro:arg>}.</li>
 * </ul>
 * Errors are {@link io.collide4j.urdf.xacro.XacroException} (a {@link io.collide4j.urdf.DescriptionException}:
 * bad input, CLI exit 65) naming file, line, name and the macro/include chain. {@code Xacro} is immutable and
 * thread-safe; everything else here is per expansion and single-threaded.
 */
package io.collide4j.urdf.xacro;
