package io.collide4j.planner.cli;

import io.collide4j.checker.certificate.Certificate;
import io.collide4j.checker.certificate.Verdict;
import io.collide4j.planner.Collide4j;
import io.collide4j.verifier.IndependentVerifier;
import io.collide4j.verifier.VerificationReport;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * What a CERTIFIED_FREE certificate proves, as {@code certify} reports it: the least pair clearance the certificate
 * claims (each claim is at most what its pair's separating planes show), confirmed by running the independent
 * verifier with that value as the required margin, so that {@code verify --margin m} accepts every m up to it. When
 * the confirmation fails (a pair the certificate does not list is only proven beyond the certificate's margin) the
 * proven value is the certificate's margin. Beside it, the closest robot–scene obstacle pair the certificate claims.
 *
 * @param value     the largest clearance the certificate proves over the whole motion (metres)
 * @param pair      the pair whose claim sets {@code value}, or null when the certificate's margin does
 * @param scene     the least claimed clearance of a robot–scene pair, +inf when no scene pair is listed
 * @param scenePair that pair, or null
 */
record ProvenClearance(double value, String pair, double scene, String scenePair) {

    /** Marks robot–obstacle pairs in a pair key ({@code link#piece|env:obstacle#piece}). */
    private static final String SCENE = "|env:";

    /** The clearance the certificate file proves, or null when it is not a free certificate with witnesses. */
    static ProvenClearance of(Path file, Collide4j c) {
        Certificate cert;
        try (InputStream in = Files.newInputStream(file)) {
            cert = Certificate.read(in, file.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read back " + file, e);
        }
        if (cert.verdict() != Verdict.CERTIFIED_FREE || cert.witness() == null) {
            return null;
        }
        double least = Double.POSITIVE_INFINITY, scene = Double.POSITIVE_INFINITY;
        String pair = null, scenePair = null;
        for (Map.Entry<String, Double> e : cert.pairClearance().entrySet()) {
            if (e.getValue() < least) {
                least = e.getValue();
                pair = e.getKey();
            }
            if (e.getKey().contains(SCENE) && e.getValue() < scene) {
                scene = e.getValue();
                scenePair = e.getKey();
            }
        }
        double margin = cert.margin();
        if (!(least > margin) || !Double.isFinite(least)) {
            return new ProvenClearance(margin, null, scene, scenePair);
        }
        VerificationReport r;
        try (InputStream in = Files.newInputStream(file)) {
            r = IndependentVerifier.verify(
                    c.model().kinematics().description(), c.semantics(), in, file.toString(), least);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read back " + file, e);
        }
        return r.valid()
                ? new ProvenClearance(least, pair, scene, scenePair)
                : new ProvenClearance(margin, null, scene, scenePair);
    }
}
