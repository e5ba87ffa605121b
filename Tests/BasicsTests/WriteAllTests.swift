import Basics
import Foundation
import Testing

/// `writeAll`: every byte through partial writes and interruptions, and a failure, not a spin, when a
/// call writes nothing or fails.
@Suite struct WriteAllTests {
    @Test func partialWritesAreContinuedWhereTheyStopped() throws {
        let bytes = Array("one byte at a time".utf8)
        var received: [UInt8] = []
        try bytes.withUnsafeBytes { buffer in
            try writeAll(buffer) { remaining, offset in
                #expect(offset == received.count)
                received.append(remaining[0])
                return 1
            }
        }
        #expect(received == bytes)
    }

    @Test func aCallThatWritesNothingIsAFailureNotALoop() {
        var calls = 0
        let outcome = Array("x".utf8).withUnsafeBytes { buffer in
            Result { () throws(WriteFailure) in try writeAll(buffer) { _, _ in calls += 1; return 0 } }
        }
        #expect(throws: WriteFailure(code: EIO)) { try outcome.get() }
        #expect(calls == 1)
    }

    @Test func aFullDiskIsItsErrno() throws {
        let descriptor = open("/dev/full", O_WRONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(throws: WriteFailure(code: ENOSPC)) { try writeAll(Array(repeating: 7, count: 10), to: descriptor) }
        #expect(WriteFailure(code: ENOSPC).description == "No space left on device")
    }

    @Test func aFileGetsEveryByteAtItsPosition() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("write-all-\(UUID().uuidString)").path
        let descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        try #require(descriptor >= 0)
        defer { close(descriptor); unlink(path) }
        let block = (0..<200_000).map { UInt8($0 % 251) }
        try writeAll(block, to: descriptor)
        try writeAll(Array("HEAD".utf8), to: descriptor, at: 0)
        let written = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(written.count == block.count)
        #expect(Array(written.prefix(4)) == Array("HEAD".utf8))
        #expect(Array(written.dropFirst(4)) == Array(block.dropFirst(4)))
    }
}

@Suite struct ByteCountTests {
    @Test(arguments: [(0, "0 B"), (999, "999 B"), (1000, "1 kB"), (26_472, "26 kB"), (999_499, "999 kB"), (999_500, "1.0 MB"),
                      (94_700_000, "94.7 MB"), (999_949_999, "999.9 MB"), (999_950_000, "1.0 GB"), (1_234_000_000, "1.2 GB")])
    func sizesAreDecimal(_ bytes: Int64, _ text: String) {
        #expect(byteCount(bytes) == text)
    }
}
