import CCrypto
import GlideText

/// SHA-256 of a document's UTF-8 bytes, streamed chunk by chunk through libcrypto.
func sha256Hex(of text: TextStorage) -> String {
    let context = EVP_MD_CTX_new()!
    defer { EVP_MD_CTX_free(context) }
    EVP_DigestInit_ex(context, EVP_sha256(), nil)
    text.forEachSlice(in: 0..<text.utf8Count) { slice in
        var piece = String(slice)
        piece.withUTF8 { _ = EVP_DigestUpdate(context, $0.baseAddress, $0.count) }
        return true
    }
    var digest = [UInt8](repeating: 0, count: 32)
    var length: UInt32 = 0
    EVP_DigestFinal_ex(context, &digest, &length)
    return digest.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
}
