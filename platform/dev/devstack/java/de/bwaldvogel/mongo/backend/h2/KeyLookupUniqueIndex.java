package de.bwaldvogel.mongo.backend.h2;

import java.util.Collection;
import java.util.List;

import org.h2.mvstore.MVMap;

import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.KeyValue;
import de.bwaldvogel.mongo.backend.Missing;
import de.bwaldvogel.mongo.bson.BsonRegularExpression;
import de.bwaldvogel.mongo.bson.Document;

/**
 * A unique index that also answers a query naming each of its keys with a plain value and other
 * fields besides: mongo-java-server uses a unique index only for a query whose fields are exactly
 * the index's keys, and scans the whole collection otherwise ({workspaceId, eventId} against the
 * unique {eventId}, say). Every top-level field of a query must hold, so a document the query
 * matches has those key values: the index's one document for them is the only candidate, and the
 * collection still checks the whole query against it. In this package because H2UniqueIndex's
 * constructor is package-private.
 */
public final class KeyLookupUniqueIndex extends H2UniqueIndex {

    KeyLookupUniqueIndex(MVMap<KeyValue, Object> mvMap, String name, List<IndexKey> keys, boolean sparse) {
        super(mvMap, name, keys, sparse);
    }

    @Override
    public synchronized boolean canHandle(Document query) {
        if (super.canHandle(query)) {
            return true;
        }
        Document lookup = lookupPart(query);
        return lookup != null && super.canHandle(lookup);
    }

    @Override
    public synchronized Iterable<Object> getPositions(Document query) {
        if (query.keySet().equals(keySet())) {
            return super.getPositions(query);
        }
        return super.getPositions(lookupPart(query));
    }

    /** The index keys' part of a query that names every key with a value and more fields besides; else null. */
    private Document lookupPart(Document query) {
        if (query.size() <= keySet().size()) {
            return null;
        }
        Document lookup = new Document();
        for (String key : keys()) {
            if (!query.containsKey(key)) {
                return null;
            }
            Object value = query.get(key);
            // null also matches a missing field, and a regular expression many values: those stay with the library.
            if (value == null || value instanceof Missing || BsonRegularExpression.isRegularExpression(value)
                || value instanceof Collection<?>) {
                return null;
            }
            // An operator ({$in: …}, {$ne: …}): the library's own check says which it can look up.
            lookup.put(key, value);
        }
        return lookup;
    }
}
