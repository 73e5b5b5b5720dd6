/// Decodes the Unicode scalars of a UTF-16 range; lone surrogates become U+FFFD.
func unicodeScalars(in units: ArraySlice<UInt16>) -> [UInt32] {
    var scalars: [UInt32] = []
    var iterator = units.makeIterator()
    var decoder = UTF16()
    loop: while true {
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar): scalars.append(scalar.value)
        case .emptyInput: break loop
        case .error: scalars.append(0xFFFD)
        }
    }
    return scalars
}
