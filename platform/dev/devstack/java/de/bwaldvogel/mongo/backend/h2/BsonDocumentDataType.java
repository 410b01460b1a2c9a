package de.bwaldvogel.mongo.backend.h2;

import java.nio.ByteBuffer;

import org.h2.mvstore.WriteBuffer;
import org.h2.mvstore.type.ObjectDataType;

import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.wire.bson.BsonDecoder;
import de.bwaldvogel.mongo.wire.bson.BsonEncoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/**
 * The value type of a collection's data map: a document stored as BSON (mongo-java-server's own
 * encoder and decoder, those of the wire), where H2's ObjectDataType Java-serializes it. Writing and
 * reading documents was 18% of the database's CPU in the 1,000-prospect batch (a JFR profile,
 * `npm run bench -- batch`), every commit rewriting each changed page's documents. A value the BSON
 * encoder does not take (none the wire brings; a type only the server makes) is stored as
 * ObjectDataType stores it, behind its own tag.
 */
final class BsonDocumentDataType extends ObjectDataType {

    static final BsonDocumentDataType INSTANCE = new BsonDocumentDataType();

    private static final byte AS_OBJECT = 0;
    private static final byte AS_BSON = 1;

    /** A running average of the documents' BSON sizes: what a page counts a document as when it decides to split. */
    private volatile int averageSize = 1024;

    private BsonDocumentDataType() {
    }

    @Override
    public int getMemory(Object value) {
        return value instanceof Document ? averageSize : super.getMemory(value);
    }

    @Override
    public void write(WriteBuffer buffer, Object value) {
        if (value instanceof Document document) {
            ByteBuf bson = Unpooled.buffer();
            try {
                BsonEncoder.encodeDocument(document, bson);
            } catch (IllegalArgumentException notBson) {
                bson = null;
            }
            if (bson != null) {
                int size = bson.readableBytes();
                averageSize = (averageSize * 15 + size) / 16;
                buffer.put(AS_BSON);
                buffer.put(bson.array(), bson.arrayOffset() + bson.readerIndex(), size);
                return;
            }
        }
        buffer.put(AS_OBJECT);
        super.write(buffer, value);
    }

    @Override
    public Object read(ByteBuffer buffer) {
        if (buffer.get() == AS_OBJECT) {
            return super.read(buffer);
        }
        ByteBuf bson = Unpooled.wrappedBuffer(buffer.duplicate());
        Document document = BsonDecoder.decodeBson(bson);
        buffer.position(buffer.position() + bson.readerIndex());
        return document;
    }
}
