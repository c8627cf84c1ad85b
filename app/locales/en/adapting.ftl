adapting-title = Adapting a small model
adapting-lede = Llama-3.1-8B-instruct is the weakest model of Table 4. The paper tried two ways of adapting it to MedAraBench: a few worked examples in the prompt, and parameter-efficient fine-tuning (QLoRA).
adapting-caption = Accuracy of Llama-3.1-8B-instruct on the MedAraBench test split, by adaptation method.
adapting-col-setting = Setting
adapting-col-method = What was done
adapting-col-accuracy = Accuracy
adapting-col-relative = Change relative to zero-shot
adapting-baseline = baseline
adapting-n-note = n: test split, { $n } questions; CI not reported (the paper gives these accuracies without a confidence interval).
adapting-chart-heading = The same figures as a chart
adapting-chart-title = Llama-3.1-8B-instruct: accuracy by adaptation (Table 5)
adapting-chart-axis = Accuracy
adapting-chart-desc = Bar chart of the accuracy of Llama-3.1-8B-instruct on the MedAraBench test split
adapting-relative-word = relative
adapting-download = Download the chart (SVG)
adapting-reading-heading = What it shows
adapting-reading = Three examples in the prompt help a little; fine-tuning with QLoRA helps far more. Even adapted, the small model stays well below the proprietary models of Table 4.

# The settings of Table 5: the name as shown, and what was done.
adapting-setting-zero-shot = zero-shot
    .method = No examples in the prompt: the Table 4 setting (temperature 0)
adapting-setting-3-shot = 3-shot
    .method = Three expert-rated examples from the train split in the prompt
adapting-setting-qlora = QLoRA
    .method = Fine-tuned with QLoRA: 4-bit base model, LoRA adapters on the q/k/v/o projections, up to 800 steps
