package de.bwaldvogel.mongo.backend.h2;

import java.util.List;

import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;

import de.bwaldvogel.mongo.MongoCollection;
import de.bwaldvogel.mongo.backend.CollectionOptions;
import de.bwaldvogel.mongo.backend.CursorRegistry;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.KeyValue;

/**
 * An H2 database whose unique indexes are {@link KeyLookupUniqueIndex}es, stored as H2Database stores
 * its own, and whose explicit collection creation cannot race its implicit one.
 */
public final class KeyLookupH2Database extends H2Database {

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

    @Override
    protected Index<Object> openOrCreateUniqueIndex(String collectionName, String indexName, List<IndexKey> keys, boolean sparse) {
        MVStore mvStore = store != null ? store : StoreHolder.current();
        // The same map name as H2Database's own (its mapNameForIndex), so a file written before opens unchanged.
        MVMap<KeyValue, Object> mvMap = mvStore.openMap(getFullCollectionNamespace(collectionName) + "._index_" + indexName);
        return new KeyLookupUniqueIndex(mvMap, indexName, keys, sparse);
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
