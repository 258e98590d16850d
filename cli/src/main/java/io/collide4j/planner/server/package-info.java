/**
 * The JSON-lines collision server ({@code collide4j serve}; protocol in {@code cli/PROTOCOL.md}).
 *
 * <p>Glossary:
 * <ul>
 * <li><b>conversation</b>: one stdio stream pair or one TCP connection; it owns one <b>session</b> (the
 *     {@link io.collide4j.planner.server.CollisionService} with its loaded robot and scene).</li>
 * <li><b>limits</b>: every resource bound of the server, one record ({@link io.collide4j.planner.server.ServerLimits}).</li>
 * <li><b>roots</b>: the folders a client may name files in ({@link io.collide4j.planner.server.FileRoots}); none by default.</li>
 * <li><b>time budget</b>: wall-clock time one request may take; the <b>evaluation budget</b> ({@code budget}) is the
 *     checker's own bound in distance evaluations, which gives INCONCLUSIVE rather than an error.</li>
 * <li><b>checkpoint</b>: a place between units of work where a handler stops a cancelled request
 *     ({@link io.collide4j.planner.server.RequestContext}).</li>
 * <li><b>quick request</b>: one answered in microseconds, decided by method and size before it runs
 *     ({@link io.collide4j.planner.server.ParsedRequest#quick()}); when nothing is queued or running it is answered
 *     on the conversation's <b>reader thread</b>, everything else on its <b>worker</b>, in request order.</li>
 * <li><b>held answers</b>: answers to pipelined quick requests written to the conversation's
 *     {@link io.collide4j.planner.server.AnswerWriter} but not yet flushed; they go out together. The <b>watchdog</b>
 *     (one thread for the server) breaks off writes a client does not read and takes over the answer of a
 *     {@link io.collide4j.planner.server.RunningRequest} past its time budget.</li>
 * <li><b>reference</b>: the random id an internal or file error gives the client; the server log has the details under it.</li>
 * </ul>
 */
package io.collide4j.planner.server;
