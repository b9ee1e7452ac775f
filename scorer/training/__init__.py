"""Training and scene generation (the train extra): the synthetic crops and photos the models
learn from and the benches read, and the trainers that export ``models/*.onnx``. The runtime
(everything else in ``scorer``) imports nothing from here."""
