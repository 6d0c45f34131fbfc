/// A selection as the user made it: `anchor` stays where it started, `head` moves
/// (with Shift+arrows, a drag, a gesture). Both are UTF-8 offsets into the document.
/// An empty selection is the caret.
public struct Selection: Equatable, Hashable, Sendable {
    public var anchor: Int
    public var head: Int

    public init(anchor: Int, head: Int) {
        self.anchor = anchor
        self.head = head
    }

    /// A caret (empty selection) at `offset`.
    public static func caret(_ offset: Int) -> Selection { Selection(anchor: offset, head: offset) }

    public var isEmpty: Bool { anchor == head }
    public var lowerBound: Int { min(anchor, head) }
    public var upperBound: Int { max(anchor, head) }
    public var range: Range<Int> { lowerBound..<upperBound }

    /// The selection after `range` was replaced by `count` bytes: offsets before the
    /// edit stay, offsets after it shift, offsets inside it move to the edit's end.
    func adjusted(replacing range: Range<Int>, withCount count: Int) -> Selection {
        func map(_ o: Int) -> Int {
            if o <= range.lowerBound { return o }
            if o >= range.upperBound { return o - range.count + count }
            return range.lowerBound + count
        }
        return Selection(anchor: map(anchor), head: map(head))
    }
}
