import TelltaleModel
import TelltalePlan
import TelltaleRunner

extension RunOrchestrator {
    /// The run's seed (`RunSettings.shuffle`), printed before anything else runs so a run cut
    /// short still says how to repeat its order; nil for the usual order.
    func shuffleSeed(_ shuffle: PlanShuffle) async -> Int? {
        guard let seed = shuffle.resolvedSeed(fresh: ShuffleGenerator.freshSeed) else { return nil }
        await progress.note(RunOrder.seedLine(seed))
        return seed
    }

    /// The seed, repetitions and bisection of the run, and how to spell it again for a
    /// reproduction; `--no-parallel`.
    func applyOrder(to configuration: inout TestRunner.Configuration, setup: Setup, selected: [ListedTest]) {
        configuration.seed = setup.seed
        configuration.repetitions = options.untilFailure != nil ? options.repetitions : options.repetitions ?? 1
        configuration.untilFailure = options.untilFailure
        let quarantine = QuarantineList(setup.plan.quarantine)
        configuration.excused = Set(selected.map(\.id).filter { quarantine.excuses($0) })
        configuration.bisectBudget = setup.settings.bisectBudget
        configuration.reproductionCommand = reproductionCommand(setup.plan)
        if options.noParallel { configuration.oneTestAtATime = true }
        configuration.wholeClasses = wholeClasses(setup)
    }

    /// `telltale run` with this run's plan (or package): what a reproduction adds its filters to.
    func reproductionCommand(_ plan: Plan) -> [String] {
        var command = ["telltale", "run"]
        if let path = plan.sourcePath { command.append(path) }
        if let package = options.package {
            command += ["--package", package]
        } else if plan.sourcePath == nil, plan.package != Plan.defaultPackage {
            command += ["--package", plan.package]
        }
        return command
    }

    /// The record's order (`run.json`'s `order`), when the run was shuffled or repeated.
    func runOrder(seed: Int?, repetitions: Int) -> RunOrder? {
        guard seed != nil || options.repeats else { return nil }
        return RunOrder(seed: seed, repetitions: repetitions, untilFailure: options.untilFailure != nil)
    }
}
