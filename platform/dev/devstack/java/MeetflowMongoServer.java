import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.MongoVersion;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.backend.h2.H2Database;
import de.bwaldvogel.mongo.backend.h2.KeyLookupH2Database;
import de.bwaldvogel.mongo.bson.Document;
import io.netty.channel.Channel;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.h2.mvstore.MVStore;

/**
 * Meetflow's embedded MongoDB-protocol database: mongo-java-server with its H2 MVStore backend,
 * plus the three things the library does not do by default (the third: a unique index answers a
 * query naming its keys and more fields, see KeyLookupUniqueIndex).
 *
 * Usage: java -Xmx1g -cp 'lib/*:.' MeetflowMongoServer <host> <port> <file.mv>
 */
public final class MeetflowMongoServer {

    /**
     * The store's page cache (H2's default is 16 MB): pages read again from the file, and decoded,
     * were 14% of the database's CPU in the 1,000-prospect batch with the default.
     */
    static final int PAGE_CACHE_MB = 96;

    /** Commands after which the MVStore is committed, so an acknowledged write survives a crash. */
    private static final Set<String> WRITE_COMMANDS = Set.of(
        "insert", "update", "delete", "findandmodify", "createindexes", "dropindexes",
        "drop", "dropdatabase", "create", "renamecollection");

    /**
     * H2 backend that has every write committed before it is acknowledged, instead of the store's
     * one-second autocommit. Writes that finish while a commit runs share the next one (a group
     * commit): each write takes a ticket once applied, and returns as soon as a commit that began
     * after its ticket was taken has finished, committing itself only when none has.
     */
    static final class DurableH2Backend extends H2Backend {
        /** Tickets taken: one per write, taken after the write is applied. */
        private final AtomicLong applied = new AtomicLong();
        private final Object commitLock = new Object();
        /** The last ticket taken before the latest finished commit began: every write up to it is in the file. */
        private long committedThrough;

        DurableH2Backend(String fileName) {
            super(new MVStore.Builder().fileName(fileName).cacheSize(PAGE_CACHE_MB)
                .backgroundExceptionHandler(MeetflowMongoServer::storeFailed).open());
        }

        private void commitThrough(long ticket) {
            synchronized (commitLock) {
                if (committedThrough >= ticket) {
                    return;
                }
                long covered = applied.get();
                commit();
                committedThrough = covered;
            }
        }

        /**
         * Databases whose unique indexes also answer queries naming their keys and more (KeyLookupUniqueIndex),
         * keyed by KeyValueDataType. With -Dmeetflow.libraryIndexes=true, the library's own H2Database:
         * how files were written before, for the test that opens such a file (devstack/h2-storage.test.ts).
         */
        @Override
        protected MongoDatabase openOrCreateDatabase(String databaseName) {
            if (Boolean.getBoolean("meetflow.libraryIndexes")) {
                return new H2Database(databaseName, getMvStore(), getCursorRegistry());
            }
            return new KeyLookupH2Database(databaseName, getMvStore(), getCursorRegistry());
        }

        @Override
        public Document handleCommand(Channel channel, String database, String command, Document query) {
            Document result = super.handleCommand(channel, database, command, query);
            if (WRITE_COMMANDS.contains(command.toLowerCase()) || writesThroughPipeline(command, query)) {
                commitThrough(applied.incrementAndGet());
            }
            return result;
        }
    }

    /** An aggregate with a $out or $merge stage writes too. */
    private static boolean writesThroughPipeline(String command, Document query) {
        if (!command.equalsIgnoreCase("aggregate") || !(query.get("pipeline") instanceof List<?> stages)) {
            return false;
        }
        return stages.stream().anyMatch(stage -> stage instanceof Document d
            && (d.containsKey("$out") || d.containsKey("$merge")));
    }

    /**
     * H2 closes its store for good on any failure of a commit (it "panics"), and would then answer
     * "This store is closed" to every call until restarted. The server exits instead, saying why,
     * and its supervisor starts it again on the same file: every acknowledged write was committed
     * before it was acknowledged, and the writes the failed commit held were not acknowledged.
     */
    static void storeFailed(Thread thread, Throwable failure) {
        System.err.println("meetflow-mongo: the store failed and H2 closed it; exiting (code " + STORE_FAILED
            + ") to be started again: " + failure);
        failure.printStackTrace();
        System.err.flush();
        Runtime.getRuntime().halt(STORE_FAILED);
    }

    /** The exit code of a server whose store failed (storeFailed). */
    static final int STORE_FAILED = 70;

    /** Wire version 9 (MongoDB 4.4): the built-in versions stop at 8, which mongoose 9 refuses. */
    static final MongoVersion WIRE_VERSION_9 = new MongoVersion() {
        @Override
        public List<Integer> getVersionArray() {
            return List.of(4, 4, 0);
        }

        @Override
        public int getWireVersion() {
            return 9;
        }
    };

    public static void main(String[] args) {
        if (args.length != 3) {
            System.err.println("usage: MeetflowMongoServer <host> <port> <file>");
            System.exit(2);
        }
        DurableH2Backend backend = new DurableH2Backend(args[2]);
        backend.version(WIRE_VERSION_9);
        MongoServer server = new MongoServer(backend);
        try {
            server.bind(args[0], Integer.parseInt(args[1]));
        } catch (Exception bindFailed) { // netty rethrows the checked BindException unchecked
            // Exit at once (the network threads would keep the JVM alive): the supervisor sees the port was taken.
            System.err.println("meetflow-mongo could not listen on " + args[0] + ":" + args[1] + " (port in use): " + bindFailed);
            backend.close();
            System.exit(3);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.shutdown();
            backend.close();
        }));
        System.out.println("meetflow-mongo listening on " + args[0] + ":" + args[1]);
    }
}
