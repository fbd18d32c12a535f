extension Path {
    /// A path's elements read from its verbs and points: a collection of `PathElement`s that holds
    /// the two arrays (no copy) and builds each element on access. Equal when the elements are.
    public struct Elements: BidirectionalCollection, Hashable, Sendable, ExpressibleByArrayLiteral,
                            CustomStringConvertible {
        /// A position: the element's place among the verbs and where its points start.
        public struct Index: Comparable, Hashable, Sendable {
            /// The element's place in `verbs`.
            public let verb: Int
            /// The place of its first point in `points`.
            public let point: Int
            public static func < (a: Index, b: Index) -> Bool { a.verb < b.verb }
        }

        /// Each element's kind, in order.
        public let verbs: [PathVerb]
        /// Every element's points in order.
        public let points: [Point]

        init(verbs: [PathVerb], points: [Point]) { self.verbs = verbs; self.points = points }
        public init(arrayLiteral elements: PathElement...) { self = Path(elements: elements).elements }

        public var startIndex: Index { Index(verb: 0, point: 0) }
        public var endIndex: Index { Index(verb: verbs.count, point: points.count) }
        public var count: Int { verbs.count }
        public var isEmpty: Bool { verbs.isEmpty }

        public func index(after i: Index) -> Index {
            Index(verb: i.verb + 1, point: i.point + verbs[i.verb].pointCount)
        }
        public func index(before i: Index) -> Index {
            let v = verbs[i.verb - 1]
            return Index(verb: i.verb - 1, point: i.point - v.pointCount)
        }
        public subscript(i: Index) -> PathElement { PathElement(verbs[i.verb], points, at: i.point) }

        public func makeIterator() -> Iterator { Iterator(verbs: verbs, points: points) }

        /// Hashes as `Array(self)` does.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(count)
            for e in self { hasher.combine(e) }
        }
        public static func == (a: Elements, b: Elements) -> Bool { a.verbs == b.verbs && a.points == b.points }

        public var description: String { Array(self).description }

        /// Walks the elements front to back.
        public struct Iterator: IteratorProtocol {
            let verbs: [PathVerb]
            let points: [Point]
            var verb = 0, point = 0

            init(verbs: [PathVerb], points: [Point]) { self.verbs = verbs; self.points = points }

            public mutating func next() -> PathElement? {
                guard verb < verbs.count else { return nil }
                let v = verbs[verb]
                let e = PathElement(v, points, at: point)
                verb += 1
                point += v.pointCount
                return e
            }
        }
    }
}

extension Path {
    /// The elements up to (not including) the second `move`.
    public var firstSubpath: Path {
        guard let end = verbs.dropFirst().firstIndex(of: .move) else { return self }
        let pointCount = verbs[..<end].reduce(0) { $0 + $1.pointCount }
        return Path(verbs: Array(verbs[..<end]), points: Array(points[..<pointCount]))
    }
}
