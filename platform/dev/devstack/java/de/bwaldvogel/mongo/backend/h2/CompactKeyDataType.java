package de.bwaldvogel.mongo.backend.h2;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import org.h2.mvstore.DataUtils;
import org.h2.mvstore.WriteBuffer;
import org.h2.mvstore.type.ObjectDataType;

import de.bwaldvogel.mongo.backend.KeyValue;
import de.bwaldvogel.mongo.bson.ObjectId;

/**
 * How the store writes a collection's document keys (its `_id`s), an index's keys and the positions
 * an index points at: an object id as its 12 bytes and an index key as its values, each behind a tag
 * of its own; anything else as H2's ObjectDataType writes it. ObjectDataType Java-serializes a class
 * it does not know, with a new ObjectOutputStream for each key, on every commit for every key of
 * every page the commit rewrites (mongoose gives every document an object id): 13% of the database's
 * CPU in the 1,000-prospect batch, and reading them back from the file 4% more (a JFR profile,
 * `npm run bench -- batch`, 2026-12-03).
 *
 * Compared as ObjectDataType compares (a subclass may compare otherwise: KeyValueDataType), so the
 * maps keep their order. Reads what ObjectDataType wrote too, so a file written before opens as it
 * was; its keys are written so as each page is next rewritten. The tags are ones ObjectDataType never
 * writes (it uses 0–19, 32–49 and 64–119). With -Dmeetflow.serializedKeys=true it writes as
 * ObjectDataType does, as files were written before: for the test that opens such a file
 * (devstack/h2-storage.test.ts).
 */
class CompactKeyDataType extends ObjectDataType {

    private static final int TAG_OBJECT_ID = 120;
    private static final int TAG_KEY_VALUE = 121;
    private static final int OBJECT_ID_BYTES = 12;
    private static final boolean SERIALIZED = Boolean.getBoolean("meetflow.serializedKeys");

    @Override
    public void write(WriteBuffer buffer, Object value) {
        if (SERIALIZED) {
            super.write(buffer, value);
        } else if (value instanceof ObjectId id) {
            buffer.put((byte) TAG_OBJECT_ID).put(id.toByteArray());
        } else if (value instanceof KeyValue key) {
            buffer.put((byte) TAG_KEY_VALUE).putVarInt(key.size());
            for (Object part : key) {
                write(buffer, part);
            }
        } else {
            super.write(buffer, value);
        }
    }

    @Override
    public Object read(ByteBuffer buffer) {
        int tag = buffer.get(buffer.position()) & 0xff;
        if (tag == TAG_OBJECT_ID) {
            buffer.get();
            byte[] bytes = new byte[OBJECT_ID_BYTES];
            buffer.get(bytes);
            return new ObjectId(bytes);
        }
        if (tag == TAG_KEY_VALUE) {
            buffer.get();
            int size = DataUtils.readVarInt(buffer);
            List<Object> parts = new ArrayList<>(size);
            for (int index = 0; index < size; index++) {
                parts.add(read(buffer));
            }
            return new KeyValue(parts);
        }
        return super.read(buffer);
    }
}
