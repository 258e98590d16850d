/**
 * The bundled robots, scenes and demo trajectory, with their licences: {@link io.collide4j.models.Models} loads them
 * by name ({@code Models.robot("panda")}), {@link io.collide4j.models.ModelLibrary} reads their index. Thread-safe (read-only
 * resources).
 */
package io.collide4j.models;
