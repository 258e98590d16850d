/**
 * Obstacles and scenes, and the two scene file formats.
 *
 * <ul>
 *   <li><b>obstacle</b>: a named convex shape or mesh at a pose; <b>scene</b>: an immutable set of uniquely
 *       named obstacles with a broad-phase AABB tree; <b>slot</b>: an obstacle's index in its scene,
 *       <b>proxy</b>: its leaf in the tree.</li>
 *   <li><b>flat tree</b> ({@code FlatAabbTree}): the published tree in one preorder
 *       array with skip links, which answers the scene's queries; <b>sphere-query grid</b>
 *       ({@link io.collide4j.checker.scene.SphereQueryGrid}): per-cell candidate lists for sphere queries up to a
 *       <b>reach</b>, answering exactly as the tree.</li>
 *   <li><b>scene JSON</b> ({@link io.collide4j.checker.scene.SceneJson}, {@code checker/SCENE_FORMAT.md}) and
 *       <b>MoveIt YAML</b> ({@link io.collide4j.checker.scene.MoveItSceneLoader}): read strictly — unknown keys
 *       (with a did-you-mean), duplicates, wrong types, non-finite numbers are errors naming file, path, line.</li>
 *   <li><b>explicitly empty</b>: a file is an empty scene only when it says so ({@code "objects": []},
 *       {@code collision_objects: []}); anything else without obstacles is refused.</li>
 *   <li><b>range</b>: obstacles read from files lie within ±10^6 m of the origin.</li>
 * </ul>
 */
package io.collide4j.checker.scene;
