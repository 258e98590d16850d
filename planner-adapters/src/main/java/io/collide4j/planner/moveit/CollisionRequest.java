package io.collide4j.planner.moveit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A MoveIt-shaped collision request ({@code collision_detection::CollisionRequest} plus the per-call
 * ACM and padding edits MoveIt keeps on the planning scene): contacts on/off, max contacts in total and
 * per pair, distance on/off, a group whose links alone are checked, allowed-collision edits, and
 * padding/scale per link. Immutable; build with {@link #builder}.
 */
public final class CollisionRequest {
    private final boolean contacts;
    private final int maxContacts;
    private final int maxContactsPerPair;
    private final boolean distance;
    private final String groupName;
    private final List<String[]> allow;
    private final Map<String, Double> padding;
    private final Map<String, Double> scale;

    private CollisionRequest(Builder b) {
        this.contacts = b.contacts;
        this.maxContacts = b.maxContacts;
        this.maxContactsPerPair = b.maxContactsPerPair;
        this.distance = b.distance;
        this.groupName = b.groupName;
        this.allow = b.allow.stream().map(String[]::clone).toList();
        this.padding = Map.copyOf(b.padding);
        this.scale = Map.copyOf(b.scale);
    }

    public static Builder builder() {
        return new Builder();
    }

    public boolean contacts() {
        return contacts;
    }

    public int maxContacts() {
        return maxContacts;
    }

    public int maxContactsPerPair() {
        return maxContactsPerPair;
    }

    public boolean distance() {
        return distance;
    }

    /** "" for the whole robot. */
    public String groupName() {
        return groupName;
    }

    public List<String[]> allowedCollisions() {
        return allow.stream().map(String[]::clone).toList();
    }

    public Map<String, Double> padding() {
        return padding;
    }

    public Map<String, Double> scale() {
        return scale;
    }

    /** Builder with MoveIt's defaults: no contacts, 1 contact, 1 per pair, no distance, whole robot. */
    public static final class Builder {
        private boolean contacts;
        private int maxContacts = 1;
        private int maxContactsPerPair = 1;
        private boolean distance;
        private String groupName = "";
        private final List<String[]> allow = new ArrayList<>();
        private final Map<String, Double> padding = new LinkedHashMap<>();
        private final Map<String, Double> scale = new LinkedHashMap<>();

        public Builder contacts(boolean on) {
            this.contacts = on;
            return this;
        }

        public Builder maxContacts(int n) {
            if (n < 1) {
                throw new IllegalArgumentException("maxContacts must be >= 1, got " + n);
            }
            this.maxContacts = n;
            return this;
        }

        public Builder maxContactsPerPair(int n) {
            if (n < 1) {
                throw new IllegalArgumentException("maxContactsPerPair must be >= 1, got " + n);
            }
            this.maxContactsPerPair = n;
            return this;
        }

        public Builder distance(boolean on) {
            this.distance = on;
            return this;
        }

        /** Check only pairs with at least one body of this SRDF group (MoveIt's {@code group_name}); null or "": all. */
        public Builder group(@Nullable String name) {
            this.groupName = name == null ? "" : name;
            return this;
        }

        /** ACM edit: do not check this pair (links, attached objects or obstacle names). */
        public Builder allow(String a, String b) {
            allow.add(new String[] {a, b});
            return this;
        }

        /** Padding (m, ≥ 0) of one link for this request. */
        public Builder padding(String link, double p) {
            padding.put(link, p);
            return this;
        }

        /** Scale (≥ 1) of one link for this request. */
        public Builder scale(String link, double s) {
            scale.put(link, s);
            return this;
        }

        public CollisionRequest build() {
            return new CollisionRequest(this);
        }
    }
}
