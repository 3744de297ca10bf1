import CommandLineKit
import WorkbookRunner

// workbook: the classroom exercises' runner — list, check, hint, reset, solution, watch.
exitProcess(WorkbookCommand.main())
