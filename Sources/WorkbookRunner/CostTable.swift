import KooberStory

/// The table `workbook cost` prints.
struct CostTable {
  let rows: [(cost: ChapterCost, lines: Int)]
  let samples: Int
  let texts: RunnerTexts

  var text: String {
    let baseline = ChapterCatalog.all.first(where: \.isCostBaseline)?.number
    let base = rows.first { $0.cost.chapter == baseline }?.cost ?? rows[0].cost
    var lines = [texts.costHeading(samples), ""]
    let columns = texts.costColumns
    lines.append(
      Self.pad(columns[0], 10) + Self.pad(columns[1], 9, right: true)
        + Self.pad(columns[2], 10, right: true) + Self.pad(columns[3], 8, right: true)
        + Self.pad(columns[4], 22, right: true) + Self.pad(columns[5], 22, right: true))
    for (cost, composition) in rows {
      lines.append(
        Self.pad("chapter\(cost.chapter)", 10) + Self.pad("\(cost.objects)", 9, right: true)
          + Self.pad(cost.resolves.map(String.init) ?? "—", 10, right: true)
          + Self.pad("\(composition)", 8, right: true)
          + Self.pad(Self.time(cost.launchNanoseconds, base.launchNanoseconds), 22, right: true)
          + Self.pad(Self.time(cost.storyNanoseconds, base.storyNanoseconds), 22, right: true))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `12.3 µs  (8.2×)`: a time and its ratio to chapter 4's.
  static func time(_ nanoseconds: Int, _ base: Int) -> String {
    let value = Double(nanoseconds)
    let shown =
      value >= 1_000_000
      ? String(format: "%.1f ms", value / 1_000_000) : String(format: "%.1f µs", value / 1_000)
    return shown + String(format: "  (%.2f×)", value / Double(max(base, 1)))
  }

  /// `text` in a column `width` terminal cells wide (a Hangul syllable takes two), with at least
  /// one space between it and the column before.
  static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let cells = text.unicodeScalars.reduce(0) {
      $0 + ((0xAC00...0xD7A3).contains($1.value) ? 2 : 1)
    }
    let room = String(repeating: " ", count: max(right ? 1 : 0, width - cells))
    return right ? room + text : text + room
  }
}
