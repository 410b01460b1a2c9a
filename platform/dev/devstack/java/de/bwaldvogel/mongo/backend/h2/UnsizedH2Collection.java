package de.bwaldvogel.mongo.backend.h2;

import java.util.Comparator;
import java.util.stream.Stream;

import org.h2.mvstore.MVMap;

import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.backend.ArrayFilters;
import de.bwaldvogel.mongo.backend.CollectionOptions;
import de.bwaldvogel.mongo.backend.CursorRegistry;
import de.bwaldvogel.mongo.backend.QueryResult;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.oplog.Oplog;

/**
 * An H2 collection whose updates never change a stored document in place, and that does not keep
 * its data size.
 *
 * In place: mongo-java-server updates the very document object its query found, field by field,
 * before putting it back in the map. In the store that object is still a value of the pages a
 * commit may be writing at that moment, on another thread (a commit runs after every write,
 * MeetflowMongoServer), and the commit's BSON encoder (BsonDocumentDataType) then failed on the
 * changing map (ConcurrentModificationException; the Java serialization before it did not notice,
 * and could write a document half updated). H2 takes any failure of a commit as fatal and closes its
 * store for good: every later call answered "This store is closed". So an update (updateDocuments,
 * findAndModify) works on copies of the documents its query matched, and the copy is what is put
 * back; a stored document is only ever replaced. Reads are not copied.
 *
 * Data size: the collection does not keep collStats' `size`, which nothing of Meetflow reads:
 * mongo-java-server encodes a document to BSON to measure it on every insert and delete, and the
 * document before and after on every update, about 8% of the database's CPU in the 1,000-prospect
 * batch (a JFR profile, `npm run bench -- batch`). The size stays as last kept.
 */
final class UnsizedH2Collection extends H2Collection {

    /** Set on the thread running an update of this collection's documents: its query hands out copies. */
    private static final ThreadLocal<Boolean> UPDATING = new ThreadLocal<>();

    UnsizedH2Collection(MongoDatabase database, String collectionName, CollectionOptions options,
                        MVMap<Object, Document> dataMap, MVMap<String, Object> metaMap, CursorRegistry cursorRegistry) {
        super(database, collectionName, options, dataMap, metaMap, cursorRegistry);
    }

    @Override
    protected boolean tracksDataSize() {
        return false;
    }

    @Override
    public synchronized Document updateDocuments(Document selector, Document updateQuery, ArrayFilters arrayFilters,
                                                 boolean isMulti, boolean isUpsert, Oplog oplog) {
        UPDATING.set(Boolean.TRUE);
        try {
            return super.updateDocuments(selector, updateQuery, arrayFilters, isMulti, isUpsert, oplog);
        } finally {
            UPDATING.remove();
        }
    }

    @Override
    public synchronized Document findAndModify(Document query) {
        UPDATING.set(Boolean.TRUE);
        try {
            return super.findAndModify(query);
        } finally {
            UPDATING.remove();
        }
    }

    /** Every query ends here (a scan or an index's positions); in an update, what matched is copied. */
    @Override
    protected QueryResult matchDocumentsFromStream(Document query, Stream<Document> documentStream, int numberToSkip, int limit,
                                                   int batchSize, Comparator<Document> documentComparator, Document fieldSelector) {
        Stream<Document> documents = UPDATING.get() == null
            ? documentStream
            : documentStream.filter(document -> documentMatchesQuery(document, query)).map(Document::cloneDeeply);
        return super.matchDocumentsFromStream(query, documents, numberToSkip, limit, batchSize, documentComparator, fieldSelector);
    }
}
