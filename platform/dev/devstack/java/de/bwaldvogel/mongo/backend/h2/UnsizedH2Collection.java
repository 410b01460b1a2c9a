package de.bwaldvogel.mongo.backend.h2;

import org.h2.mvstore.MVMap;

import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.backend.CollectionOptions;
import de.bwaldvogel.mongo.backend.CursorRegistry;
import de.bwaldvogel.mongo.bson.Document;

/**
 * An H2 collection that does not keep its data size (collStats' `size`, which nothing of Meetflow
 * reads): mongo-java-server encodes a document to BSON to measure it on every insert and delete,
 * and the document before and after on every update, about 8% of the database's CPU in the
 * 1,000-prospect batch (a JFR profile, `npm run bench -- batch`). The size stays as last kept.
 */
final class UnsizedH2Collection extends H2Collection {

    UnsizedH2Collection(MongoDatabase database, String collectionName, CollectionOptions options,
                        MVMap<Object, Document> dataMap, MVMap<String, Object> metaMap, CursorRegistry cursorRegistry) {
        super(database, collectionName, options, dataMap, metaMap, cursorRegistry);
    }

    @Override
    protected boolean tracksDataSize() {
        return false;
    }
}
