package de.bwaldvogel.mongo.backend.h2;

import java.util.Date;
import java.util.UUID;

import de.bwaldvogel.mongo.backend.KeyValue;
import de.bwaldvogel.mongo.bson.ObjectId;

/**
 * The key type of a unique index's map: stored as its values (CompactKeyDataType), and compared
 * without serializing. ObjectDataType compares two objects of a class it does
 * not know (KeyValue) by Java-serializing both on every comparison of a lookup's binary search:
 * a quarter of the database's CPU in the 1,000-prospect batch (a JFR profile, `npm run bench -- batch`).
 *
 * Any total order serves: a unique index is only ever looked up by an exact key (mongo-java-server
 * walks the whole map for a regular expression), never by a range. Keys arrive normalized
 * (numbers as doubles, missing as null). Values of one class that compare by value (strings,
 * doubles, longs, object ids, dates…) compare so; values of two classes by their class names; any
 * other pair (documents, lists) by their serialized bytes, as ObjectDataType did. Two keys compare
 * equal exactly when they did before: when their values serialize alike.
 */
final class KeyValueDataType extends CompactKeyDataType {

    static final KeyValueDataType INSTANCE = new KeyValueDataType();

    private KeyValueDataType() {
    }

    @Override
    public int compare(Object a, Object b) {
        if (a instanceof KeyValue left && b instanceof KeyValue right) {
            return compareKeys(left, right);
        }
        return super.compare(a, b);
    }

    static int compareKeys(KeyValue left, KeyValue right) {
        int shared = Math.min(left.size(), right.size());
        for (int index = 0; index < shared; index++) {
            int order = compareValues(left.get(index), right.get(index));
            if (order != 0) {
                return order;
            }
        }
        return Integer.compare(left.size(), right.size());
    }

    @SuppressWarnings("unchecked")
    static int compareValues(Object left, Object right) {
        if (left == right) {
            return 0;
        }
        if (left == null || right == null) {
            return left == null ? -1 : 1;
        }
        if (left.getClass() != right.getClass()) {
            return left.getClass().getName().compareTo(right.getClass().getName());
        }
        if (left instanceof String || left instanceof Double || left instanceof Long || left instanceof Integer
            || left instanceof Boolean || left instanceof ObjectId || left instanceof UUID
            || left.getClass() == Date.class) {
            return ((Comparable<Object>) left).compareTo(right);
        }
        return compareNotNull(serialize(left), serialize(right));
    }
}
