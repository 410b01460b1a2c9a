package de.bwaldvogel.mongo.backend.h2;

import java.util.List;
import java.util.Map;

import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;

import de.bwaldvogel.mongo.MongoCollection;
import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.backend.CollectionOptions;
import de.bwaldvogel.mongo.backend.CursorRegistry;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.KeyValue;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.oplog.Oplog;

/**
 * An H2 database whose unique indexes are {@link KeyLookupUniqueIndex}es keyed by {@link KeyValueDataType},
 * and whose explicit collection creation cannot race its implicit one.
 */
public final class KeyLookupH2Database extends H2Database {

    /** Appended to H2Database's name for an index's map: the map keyed by KeyValueDataType. */
    private static final String KEYED_SUFFIX = "._keyed";

    /**
     * The store, from the backend: H2Database's constructor opens the indexes (calling the method
     * below) before a field of this class could be set.
     */
    private final MVStore store;

    public KeyLookupH2Database(String databaseName, MVStore mvStore, CursorRegistry cursorRegistry) {
        this(databaseName, mvStore, cursorRegistry, StoreHolder.hold(mvStore));
    }

    private KeyLookupH2Database(String databaseName, MVStore mvStore, CursorRegistry cursorRegistry, MVStore held) {
        super(databaseName, mvStore, cursorRegistry);
        this.store = held;
        StoreHolder.release();
    }

    /**
     * Atomic with the collection's implicit creation (resolveOrCreateCollection holds this lock too):
     * the library checks and then creates, so two connections creating one collection at once (two
     * processes' models on their first use) both passed the check and the second failed with an
     * "Unknown error" instead of "Collection already exists" (code 48), which drivers take in stride.
     */
    @Override
    public synchronized MongoCollection<Object> createCollectionOrThrowIfExists(String collectionName, CollectionOptions options) {
        return super.createCollectionOrThrowIfExists(collectionName, options);
    }

    /**
     * A {@link KeyLookupUniqueIndex} over a map keyed by {@link KeyValueDataType}. That type orders
     * keys differently from the map H2Database opens (its mapNameForIndex), so the map has a name of
     * its own; an index of a file written before is copied over once, when first opened, and its old
     * map removed. A copy cut short is finished on the next start (the old map goes only after it).
     */
    @Override
    protected Index<Object> openOrCreateUniqueIndex(String collectionName, String indexName, List<IndexKey> keys, boolean sparse) {
        MVStore mvStore = store != null ? store : StoreHolder.current();
        String legacyName = legacyMapName(collectionName, indexName);
        MVMap<KeyValue, Object> mvMap = openConverted(mvStore, legacyName + KEYED_SUFFIX,
            new MVMap.Builder<KeyValue, Object>().keyType(KeyValueDataType.INSTANCE).valueType(new CompactKeyDataType()), legacyName);
        return new KeyLookupUniqueIndex(mvMap, indexName, keys, sparse);
    }

    /**
     * The collection with its documents stored as BSON ({@link BsonDocumentDataType}) in a data map
     * of its own name, not keeping its data size ({@link UnsizedH2Collection}). The documents of a file
     * written before are copied over from H2Database's data map once, when first opened, and that
     * map removed after (a copy cut short is finished on the next start).
     */
    @Override
    protected MongoCollection<Object> openOrCreateCollection(String collectionName, CollectionOptions options) {
        MVStore mvStore = store != null ? store : StoreHolder.current();
        String fullName = getFullCollectionNamespace(collectionName);
        MVMap<Object, Document> dataMap = openConverted(mvStore, bsonMapName(fullName), dataMapBuilder(), DATABASES_PREFIX + fullName);
        // H2Database's private META_PREFIX ("meta."): the collection's own settings, unchanged.
        MVMap<String, Object> metaMap = mvStore.openMap("meta." + fullName);
        return new UnsizedH2Collection(this, collectionName, options, dataMap, metaMap, cursorRegistry);
    }

    /** Removes the collection's data map too (H2Database removes the maps of its own names). */
    @Override
    public void dropCollection(String collectionName, Oplog oplog) {
        super.dropCollection(collectionName, oplog);
        store.removeMap(bsonMapName(getFullCollectionNamespace(collectionName)));
    }

    /** Renames the collection's data map too (H2Database renames the maps of its own names). */
    @Override
    public void moveCollection(MongoDatabase oldDatabase, MongoCollection<?> collection, String newCollectionName) {
        super.moveCollection(oldDatabase, collection, newCollectionName);
        MVMap<Object, Document> dataMap = store.openMap(bsonMapName(collection.getFullName()), dataMapBuilder());
        store.renameMap(dataMap, bsonMapName(getFullCollectionNamespace(newCollectionName)));
    }

    /**
     * Opens the map of this name, first converting a file written before: the entries of its map of
     * the legacy name, if that map is still there, are copied over (an entry already copied is kept)
     * and that map removed after, so a copy cut short is finished on the next open.
     */
    private static <K, V> MVMap<K, V> openConverted(MVStore mvStore, String name, MVMap.Builder<K, V> builder, String legacyName) {
        MVMap<K, V> map = mvStore.openMap(name, builder);
        if (mvStore.hasMap(legacyName)) {
            MVMap<K, V> legacy = mvStore.openMap(legacyName);
            for (Map.Entry<K, V> entry : legacy.entrySet()) {
                map.putIfAbsent(entry.getKey(), entry.getValue());
            }
            mvStore.removeMap(legacy);
            mvStore.commit();
        }
        return map;
    }

    /** How a collection's data map is opened: its documents stored as BSON ({@link BsonDocumentDataType}), its keys compactly ({@link CompactKeyDataType}). */
    private static MVMap.Builder<Object, Document> dataMapBuilder() {
        return new MVMap.Builder<Object, Document>().keyType(new CompactKeyDataType()).valueType(BsonDocumentDataType.INSTANCE);
    }

    /** The data map of a collection: H2Database's name for it, and a suffix no collection name has ($ is not allowed in one). */
    private static String bsonMapName(String fullName) {
        return DATABASES_PREFIX + fullName + "$bson";
    }

    /** Removes the index's map as H2Database removes its own. */
    @Override
    protected void dropIndex(MongoCollection<Object> collection, String indexName) {
        super.dropIndex(collection, indexName);
        store.removeMap(legacyMapName(collection.getCollectionName(), indexName) + KEYED_SUFFIX);
    }

    /** The name H2Database gives an index's map (its mapNameForIndex): files written before hold their indexes there. */
    private String legacyMapName(String collectionName, String indexName) {
        return getFullCollectionNamespace(collectionName) + "._index_" + indexName;
    }

    /** Hands the store to the index opener while the super constructor runs on this thread. */
    private static final class StoreHolder {
        private static final ThreadLocal<MVStore> CURRENT = new ThreadLocal<>();

        static MVStore hold(MVStore mvStore) {
            CURRENT.set(mvStore);
            return mvStore;
        }

        static MVStore current() {
            return CURRENT.get();
        }

        static void release() {
            CURRENT.remove();
        }
    }
}
