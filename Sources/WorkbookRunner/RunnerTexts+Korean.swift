import Bilingual
import KooberRules
import KooberStory
import ObjectTrace

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension RunnerTexts {
  /// Every text in Korean, in the terms of `Chapters/GLOSSARY.md`.
  static let korean: RunnerTexts = RunnerTexts(
    // MARK: - The command line
    usageHeader: """
      사용법: workbook <명령> [옵션]

      Koober DI 워크북의 수업용 연습 문제입니다. 여러분이 조립 코드를 쓰면, 검사기가 여러분의
      객체가 단계마다 무엇을 했는지 트레이스로 보여 주며 설명합니다.

      명령:
      """,
    usageFooter: """
      옵션:
        --lang en|ko            출력 언어 (기본값: LANG 환경 변수를 따름)
        -h, --help              이 도움말. 명령 하나의 도움말은 `workbook <명령> --help`

      `swift run workbook list --lang ko`부터 시작하세요.

      """,
    error: "오류",
    warning: "경고",
    languageValue: { "--lang에는 en이나 ko만 쓸 수 있습니다. 받은 값: \($0)" },
    unknownCommand: { "알 수 없는 명령입니다: \($0)" },
    unexpectedArgument: { "예상하지 못한 인자입니다: \($0)" },
    unknownOption: { "알 수 없는 옵션입니다: \($0)" },
    missingValue: { "'\($0)' 옵션에 값이 없습니다" },
    givenTwice: { "'\($0)' 옵션을 두 번 이상 썼습니다" },
    takesNoValue: { "'\($0)' 옵션은 값을 받지 않습니다" },
    notTogether: { $0.map { "'\($0)'" }.joined(separator: ", ") + " 옵션은 함께 쓸 수 없습니다" },
    needs: { "'\($0)' 옵션은 \($1)\(KoreanParticle.with.after($1)) 함께 씁니다" },
    needsExercise: { "\($0)에는 연습 문제 번호(1–\($1))가 필요합니다" },
    noExercise: { "그런 연습 문제는 없습니다: \($0). 연습 문제 번호는 1–\($1)입니다" },
    diffNotChapters: {
      "diff는 1–\(ChapterCatalog.numbers.count)장을 비교합니다. 받은 값: \($0.joined(separator: ", "))"
    },
    diffNeedsTwoChapters: "diff에는 장 번호 두 개가 필요합니다. 예: `workbook diff 3 4`",
    diffFormat: { "'--format'에는 text나 html만 쓸 수 있습니다. 받은 값: \($0)" },
    reportNeedsFile:
      "report에는 채점용 보고서가 필요합니다. 예: `workbook check --all --json > grade.json`을 실행한 뒤 "
      + "`workbook report grade.json`",
    reportFormat: { "'--format'에는 markdown이나 exercism만 쓸 수 있습니다. 받은 값: \($0)" },
    reportUnreadable: {
      "\($0, .topic) `check --all --json`이 출력한 채점용 보고서가 아닙니다(\($1))"
    },
    devNeedsSubcommand: "dev에는 하위 명령이 필요합니다: check 또는 pictures",
    unknownDevCommand: { "알 수 없는 dev 명령입니다: \($0)" },
    progressKeptAside: {
      "\($0, .object) 읽을 수 없어서 \($1, .toward) 옮겨 두었습니다. 진행 상황은 처음부터 다시 "
        + "기록합니다"
    },
    progressNotRemembered: {
      "\($0, .object) 읽을 수 없고 옮겨 둘 수도 없습니다. 진행 상황은 기록되지 않습니다"
    },

    // MARK: - list
    listTitle: "Koober DI 워크북 — 연습 문제",
    listLegend: "  ✓ 통과  ✗ 실패  · 시작 전  ✎ 마지막 검사 뒤 바뀜  ! 폴더 없음",
    listNext: {
      "다음 할 일: 과제(\($0))를 읽고 \($1)/의 파일을 고친 뒤 "
        + "`swift run workbook check \($2) --lang ko`를 실행하세요"
    },
    everyExercisePasses: "연습 문제를 모두 통과했습니다. 잘하셨습니다!",

    // MARK: - hint
    cannotRead: { "\($0, .object) 읽을 수 없습니다" },
    noHints: { "\($0)에 힌트가 없습니다(힌트는 각각 `## ` 제목으로 시작해야 합니다)" },
    hintOf: { "힌트 \($0)/\($1)" },
    anotherHint: { "다음 힌트가 더 있습니다: `swift run workbook hint \($0) --lang ko`" },
    lastHint: {
      "마지막 힌트였습니다. 정답은 `swift run workbook solution \($0) --lang ko`로 볼 수 있습니다."
    },

    // MARK: - reset
    nothingToBackUp: "백업할 파일이 없었습니다",
    alreadyTheStarter: "이미 시작 코드 그대로여서 백업할 필요가 없었습니다",
    backedUp: { "여러분의 파일을 .workbook/backups/\($0)/에 백업해 두었습니다" },
    cannotBackUp: {
      "\($0, .object) .workbook/backups에 백업할 수 없어서 아무것도 되돌리지 않았습니다"
    },
    cannotWriteStarter: { "\($0)에 시작 코드를 쓸 수 없습니다. \($1)" },
    resetDone: { "연습 문제 \($0)번을 시작 코드로 되돌렸습니다. \($1)." },
    resetNext: {
      "다음 할 일: `swift run workbook check \($0) --lang ko`로 남은 일을 확인하세요."
    },
    resetAllNext: "다음 할 일: `swift run workbook list --lang ko`로 어디서 시작할지 확인하세요.",

    // MARK: - solution
    solutionHeader: { "연습 문제 \($0) · \($1) — 정답(\($2)/):" },
    solutionNext: {
      "다음 할 일: \($0)/에 있는 여러분의 코드와 비교한 뒤 "
        + "`swift run workbook check \($1) --lang ko`를 실행하세요."
    },
    solutionNotTried: {
      "연습 문제 \($0)번은 아직 한 번도 검사하지 않았습니다. 먼저 직접 풀어 보세요"
        + "(`swift run workbook check \($0) --lang ko`, `swift run workbook hint \($0) --lang ko`). "
        + "묻지 않고 정답을 보려면 `swift run workbook solution \($0) --yes --lang ko`를 실행하세요"
    },
    solutionQuestion: {
      "연습 문제 \($0)번을 아직 한 번도 검사하지 않았습니다. 정답을 읽기보다 먼저 직접 풀어 보면"
        + "(필요하면 힌트: `swift run workbook hint \($0) --lang ko`) 더 많이 배웁니다.\n"
        + "그래도 정답을 보시겠어요? (`--yes`를 붙이면 묻지 않습니다) [y/N] "
    },
    // `ㅛ` is what the y key types while the keyboard is in Hangul mode.
    yesAnswers: ["y", "yes", "ㅛ", "예", "네"],
    solutionNotShown: {
      "정답을 보여 주지 않았습니다. 다음 할 일: `swift run workbook check \($0) --lang ko`로 "
        + "남은 일을 확인하세요."
    },
    solutionAgainstYours: {
      "연습 문제 \($0) · \($1) — 통과했습니다. 정답(\($2)/)을 여러분의 파일과 비교합니다. "
        + "-로 시작하는 줄은 여러분의 코드, +로 시작하는 줄은 정답의 코드입니다."
    },
    solutionSameAsYours:
      "여러분의 파일이 정답과 한 줄도 다르지 않습니다. "
      + "다음 할 일: `swift run workbook list --lang ko`로 다음 연습 문제를 확인하세요.",
    solutionDiffNext:
      "둘 다 통과합니다. 다른 부분은 같은 객체 그래프에 이르는 또 다른 방법입니다. "
      + "다음 할 일: `swift run workbook list --lang ko`로 다음 연습 문제를 확인하세요.",

    // MARK: - check
    exerciseHeader: { "연습 문제 \($0) · \($1)" },
    building: { "\($0) 빌드 중 …" },
    doesNotCompile: "✗ 아직 컴파일되지 않습니다:",
    compileErrorNext: {
      "다음 할 일: 위의 첫 번째 오류를 고친 뒤 `swift run workbook check \($0) --lang ko`를 "
        + "실행하세요. (그동안에도 `list`, `hint \($0)`, `reset \($0)`, `solution \($0)` 명령은 "
        + "쓸 수 있습니다.)"
    },
    notDoneYet: { "· 아직 끝나지 않았습니다 — \($0)" },
    reachedInStep: { "TODO를 만난 단계: \($0)" },
    finishedSteps: { "끝난 단계: \($0)" },
    todoNext: {
      "다음 할 일: 그 부분을 쓴 뒤 `swift run workbook check \($0) --lang ko`를 다시 "
        + "실행하세요. 막히면 `swift run workbook hint \($0) --lang ko`를 보세요."
    },
    problemNext: { number, played in
      "다음 할 일: 위의 ✗가 가리키는 것을 고친 뒤"
        + (played
          ? "(진행된 단계는 `swift run exercise\(number) --trace --lang ko`로 볼 수 있습니다) " : " ")
        + "`swift run workbook check \(number) --lang ko`를 다시 실행하세요."
    },
    allRulesHold: { held, number, page in
      "규칙 \(held)개를 모두 지켰습니다: 연습 문제 \(number) 통과. "
        + (page.map { "이어서 읽을 것: \($0). 방금 여러분이 한 일을 책의 예제에서는 어떻게 하는지 보여 줍니다. 그다음: " }
          ?? "다음 할 일: ")
        + "`swift run workbook list --lang ko`"
    },
    someRulesHold: { held, count, firstMiss, number in
      let first =
        switch firstMiss {
        case .tests: "첫 번째 ✗(고칠 테스트, 또는 여러분의 테스트가 놓친 버그)를"
        case .story: "첫 번째 ✗(거기 나오는 객체는 모두 여러분의 객체입니다)를"
        case .plain: "첫 번째 ✗를"
        }
      return "규칙 \(count)개 중 \(held)개를 지켰습니다. 다음 할 일: \(first) 읽고 "
        + "`swift run workbook check \(number) --lang ko`를 다시 실행하세요. 막히면 "
        + "`swift run workbook hint \(number) --lang ko`를 보세요."
    },
    score: { "점수: 연습 문제 \($1)개 중 \($0)개 통과" },
    buildTimedOut: { "빌드가 \($0)초 안에 끝나지 않았습니다. 다시 해 보세요" },
    storyTimedOut: { limit, step in
      "스토리가 \(limit)초 안에 끝나지 않았습니다"
        + (step.map { "(진행 중이던 단계: \($0))" } ?? "")
        + ". 무한 루프나 끝나지 않는 대기가 있지 않나요?"
    },
    crashed: { step, message in
      "조립 코드에서 크래시가 났습니다" + (step.map { "(\($0) 단계)" } ?? "") + ": " + message
    },
    crashedWhile: { doing, message in "여러분의 코드에서 크래시가 났습니다(\(doing)): " + message },
    noReport: { "검사기가 보고서를 보내지 않았습니다" + ($0.map { ": \($0)" } ?? "") },
    costHeading: {
      "장마다 조립 코드가 치르는 비용입니다(4장 = 1×). 객체와 resolve는 스토리 한 번에서 셉니다. "
        + "줄 수는\n조립 코드에서 빈 줄과 주석을 빼고 셉니다. 시간은 이 컴퓨터에서 \($0)번 잰 값의 "
        + "중앙값이라 실행할 때마다\n달라집니다. 워크북에서 시간을 출력하는 것은 이 명령뿐입니다."
    },
    costColumns: ["장", "객체", "resolve 횟수", "줄", "런치 그래프", "스토리(트레이스 포함)"],
    secondReport:
      "검사 채널에 보고서가 두 개 들어왔습니다. 보고서는 검사기만 보낼 수 있으므로 이번 실행은 "
      + "판정하지 않습니다(여러분의 코드가 워크북의 보고서 파일에 쓰고 있지 않나요?)",
    exitedAfterReport: {
      "검사기가 보고서를 보낸 뒤 프로그램이 종료 상태 \($0, .toward) 끝났습니다(코드에서 exit()를 "
        + "호출하지 않나요?)"
    },
    stoppedBySignal: { signal, meaning in
      "시그널 \(signal, .toward) 멈췄습니다" + (meaning.map { "(\($0))" } ?? "")
    },
    exitStatus: { "종료 상태 \($0)" },
    signalMeanings: [
      4: "SIGILL, Swift 런타임 트랩", 5: "SIGTRAP, Swift 런타임 트랩",
      6: "SIGABRT, abort 호출", 9: "SIGKILL", 11: "SIGSEGV, 잘못된 메모리 접근",
      Int32(SIGBUS): "SIGBUS, 잘못된 메모리 접근", Int32(SIGFPE): "SIGFPE, 산술 오류",
    ],
    testsCrashed: { real, test, message in
      "여러분의 테스트를 \(real.ko, .object) 상대로 실행하다가 크래시가 났습니다"
        + (test.map { "(`\($0)`에서)" } ?? "") + ": " + message
    },
    testsTimedOut: { real, limit, test in
      "여러분의 테스트가 \(real.ko, .object) 상대로 \(limit)초 안에 끝나지 않았습니다"
        + (test.map { "(아직 실행 중이던 테스트: `\($0)`)" } ?? "")
        + ". 끝나지 않는 대기가 있지 않나요?"
    },

    // MARK: - Grading
    gradeHeading: { "Koober DI 워크북: \($1)점 중 \($0)점" },
    gradeColumns: ["#", "연습 문제", "점수", "판정", "첫 번째 ✗: 객체, 단계, 붙잡은 곳"],
    gradePasses: "✓ 통과",
    gradeRulesHold: { "✗ 규칙 \($1)개 중 \($0)개를 지킴" },
    gradeNotDone: "· 아직 끝나지 않음",
    gradeDoesNotCompile: "✗ 컴파일되지 않음",
    gradeNext:
      "판정 하나하나의 자세한 내용과 여러분이 만든 객체의 트레이스는 "
      + "`swift run workbook check N --lang ko`로 볼 수 있습니다(N은 연습 문제 번호). 막히면 `swift run workbook hint N --lang ko`를 실행하세요.",

    // MARK: - watch
    watching:
      "모든 exercise/ 폴더를 감시합니다. 파일을 저장할 때마다 그 연습 문제를 다시 검사합니다. "
      + "Ctrl-C로 멈춥니다.",

    // MARK: - diff
    chapterDoesNotBuild: { "\("chapter\($0)", .subject) 빌드되지 않습니다:" },
    chapterPrintedNoTrace: { "\("chapter\($0)", .subject) 트레이스를 출력하지 않았습니다(종료 상태 \($1))" },
    diffHeading: { "\($0)장 (\($1)) → \($2)장 (\($3))" },
    diffSame: "객체, 참조, 붙잡은 객체, finding이 모두 같습니다",
    aliveOnlyIn: { "\($0)장에서만 살아 있는 객체" },
    referencesOnlyIn: { "\($0)장에만 있는 저장된 참조" },
    referencesElsewhere: "다른 객체를 가리키는 저장된 참조",
    heldBy: "붙잡은 객체가 바뀐 곳",
    onlyScreens: "(화면만)",
    findingsGone: "사라진 finding",
    findingsNew: "새로 생긴 finding",
    language: .korean
  )
}
