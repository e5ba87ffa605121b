#if canImport(Glibc)
import Glibc
#endif

/// What libFuzzer calls with each input: its bytes and their count; 0 to go on.
public typealias FuzzTest = @convention(c) (UnsafePointer<UInt8>, Int) -> CInt

@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                                 _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                                 _ test: FuzzTest) -> CInt

/// Runs libFuzzer's driver over `test` with the process's arguments (`-max_total_time=60 CORPUS`), then exits with
/// what it returns. SwiftPM gives an executable target's top-level code the program's `main`, so libFuzzer's own
/// `main` never runs: the target calls this instead.
public func runFuzzer(_ test: FuzzTest) -> Never {
    var argc = CommandLine.argc
    var argv = Optional(CommandLine.unsafeArgv)
    exit(LLVMFuzzerRunDriver(&argc, &argv, test))
}
