import Testing

@testable import ObjectTrace
@testable import TracePictures

/// The two counts of ``PictureReading``, on segments and boxes drawn by hand.
@Suite struct PictureReadingGeometryTests {
  let card = TraceLayout.Box(x: 100, y: 100, width: 100, height: 50)

  @Test func aSegmentThroughACardCrossesIt() {
    #expect(PictureReading.segment((50, 125), (250, 125), crosses: card))
    #expect(PictureReading.segment((150, 50), (150, 300), crosses: card))
  }

  @Test func aSegmentBesideOrTouchingACardDoesNot() {
    #expect(!PictureReading.segment((50, 90), (250, 90), crosses: card))
    #expect(!PictureReading.segment((50, 100), (250, 100), crosses: card))
    #expect(!PictureReading.segment((50, 125), (99, 125), crosses: card))
  }

  @Test func twoSegmentsCrossOnlyInsideBoth() {
    #expect(PictureReading.segments(((0, 0), (10, 10)), ((0, 10), (10, 0))))
    #expect(!PictureReading.segments(((0, 0), (10, 10)), ((10, 10), (20, 0))))
    #expect(!PictureReading.segments(((0, 0), (10, 0)), ((20, 0), (30, 0))))
    #expect(!PictureReading.segments(((0, 0), (4, 4)), ((0, 10), (10, 0))))
  }
}
